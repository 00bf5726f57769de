import { createHash } from 'node:crypto';
import { escapeHtml } from '../../http/html.ts';


/** The pages' one style block, allowed by its hash: no inline style otherwise, no script at all. */
const FRAME_STYLE = 'html,body{margin:0;height:100%;overflow:hidden}iframe{display:block;border:0;width:100vw;height:100vh}';
const PARKED_STYLE = 'body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:15vh 1.5rem;text-align:center;color:#1d2a35}h1{font-size:1.5rem;word-break:break-all}';
const styleHash = (style: string) => `'sha256-${createHash('sha256').update(style).digest('base64')}'`;

/**
 * What every answer of the responder carries: nobody frames it (a frame forward's page frames
 * its target; framing that page in turn serves no customer and only helps clickjacking), and a
 * policy that allows nothing for answers without a page of their own.
 */
export const NOT_FRAMABLE: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
};

export interface ResponderPage {
  status: number;
  headers: Record<string, string>;
  html: string;
}

/**
 * An IFRAME forward's page: the target in a frame filling the viewport, with the customer's
 * title (the domain when they gave none), kept out of search engines, and a policy that allows
 * framing the target's origin and nothing else.
 */
export function framePage(target: string, title: string, domain: string): ResponderPage {
  const url = new URL(target);
  const shown = title.trim() === '' ? domain : title;
  return {
    status: 200,
    headers: {
      'content-security-policy': `default-src 'none'; style-src ${styleHash(FRAME_STYLE)}; frame-src ${url.origin}; child-src ${url.origin}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
      'x-robots-tag': 'noindex',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cache-control': 'no-cache',
    },
    html: `<!doctype html>
<html>
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(shown)}</title><style>${FRAME_STYLE}</style></head>
<body><iframe src="${escapeHtml(url.href)}" title="${escapeHtml(shown)}"></iframe></body>
</html>`,
  };
}

/**
 * The answer for a host without a forward: a plain page, 404 (nothing is published under this
 * name, so search engines drop it), saying the domain is parked at this shop, in Dutch and English.
 */
export function parkedPage(host: string | null): ResponderPage {
  const name = host ? escapeHtml(host) : '';
  return {
    status: 404,
    headers: {
      'content-security-policy': `default-src 'none'; style-src ${styleHash(PARKED_STYLE)}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
      'x-robots-tag': 'noindex',
      'cache-control': 'no-cache',
    },
    html: `<!doctype html>
<html lang="nl">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Domein geparkeerd</title><style>${PARKED_STYLE}</style></head>
<body>
<main>
${name ? `<h1>${name}</h1>` : ''}
<p>Deze domeinnaam is geparkeerd bij deze webwinkel.</p>
<p lang="en">This domain name is parked at this shop.</p>
</main>
</body>
</html>`,
  };
}

/**
 * Where an HTTP forward sends a request: the target, or with `keepPath` the target with the
 * request's path appended and its query joined to the target's. The request's path cannot
 * change the target's host: it only ever becomes the path.
 */
export function redirectLocation(target: string, keepPath: boolean, requestUrl: string): string {
  const url = new URL(target);
  if (!keepPath) return url.href;
  const question = requestUrl.indexOf('?');
  const path = question === -1 ? requestUrl : requestUrl.slice(0, question);
  const query = question === -1 ? '' : requestUrl.slice(question + 1);
  if (path !== '' && path !== '/') url.pathname = url.pathname.replace(/\/$/, '') + (path.startsWith('/') ? path : `/${path}`);
  const joined = [url.search.slice(1), query].filter((part) => part !== '').join('&');
  url.search = joined;
  return url.href;
}

/** The answer to a request whose Host is no host name, or that has two: a plain refusal, nothing of any domain in it. */
export function badHostAnswer(): ResponderPage {
  return {
    status: 400,
    headers: { 'cache-control': 'no-store' },
    html: `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Bad Request</title></head>
<body><h1>Bad Request</h1><p>The Host header of this request is not one host name.</p></body>
</html>`,
  };
}

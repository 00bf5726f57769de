import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppRoot } from './app-root.tsx';
import { createQueryClient } from './query-client.ts';
import { locale } from '../i18n/locale.ts';
import { loadTexts } from '../i18n/texts.ts';

/**
 * The build's prerendering (run in Node by `prerender-frames.ts`, never in a browser): a page's
 * first render before any data came, the frame its visitors see while the script loads. The page
 * language is the one the caller set on `document.documentElement.lang` before importing this
 * module, the address the one it set on `location`.
 */
/** React Router at the address the caller set on `location`. */
const AtThisAddress = ({ children }: { children: ReactNode }) => <StaticRouter location={location.pathname}>{children}</StaticRouter>;

export async function renderFrame(): Promise<string> {
  await loadTexts(locale);
  // An error React would recover from in a browser (by rendering there) is a defect in a frame.
  const errors: unknown[] = [];
  const queryClient = createQueryClient();
  const { prelude } = await prerender(<AppRoot queryClient={queryClient} Router={AtThisAddress} />, { signal: AbortSignal.timeout(10_000), onError: (error) => void errors.push(error) });
  // The queries the render created wait to be collected; without them the build ends at once.
  queryClient.clear();
  if (errors.length > 0) throw new AggregateError(errors, `The frame of ${location.pathname} could not be prerendered`);
  return new Response(prelude).text();
}

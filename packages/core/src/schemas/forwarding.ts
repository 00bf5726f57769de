import { z } from 'zod';
import { canonicalIpv6, embedsIpv4, isIpv4, isIpv6 } from '../dns/ip.ts';
import { requiredSafeText, safeText } from './safe-text.ts';
import { ZRedirectUrl } from './services.ts';

/**
 * Domain forwarding (spec 001 sections 3, 5, 7 and 9): the forward of a domain, the account
 * page's calls and the form post. Error messages are keys of `texts/validation.ts`.
 */

/** Spec 001 section 9's forward types; NONE is no forward. */
export const FORWARD_OPTIONS = ['HTTP', 'IFRAME', 'DNS', 'NONE'] as const;
export const ZForwardOption = z.enum(FORWARD_OPTIONS, { error: 'forwardOption' });
export type TForwardOption = z.infer<typeof ZForwardOption>;

export const ZRedirectStatus = z.union([z.literal(301), z.literal(302)], { error: 'redirectStatus' });
export type TRedirectStatus = z.infer<typeof ZRedirectStatus>;

export const FRAME_TITLE_MAX_LENGTH = 200;

/**
 * Spec 001 section 5's forward rule: HTTP and IFRAME need a URL of 3 to 255 characters (a
 * missing scheme is taken as `https://`), DNS an IP address (IPv6 written canonically), NONE
 * nothing (the target is dropped). Answers the target to store, or the message key.
 */
export function checkForwardTarget(option: TForwardOption, target: string): { ok: true; target: string } | { ok: false; key: 'redirectUrl' | 'forwardIp' | 'dnsIpv6Ipv4' } {
  const value = target.trim();
  switch (option) {
    case 'HTTP':
    case 'IFRAME': {
      const url = ZRedirectUrl.safeParse(value);
      return url.success ? { ok: true, target: url.data } : { ok: false, key: 'redirectUrl' };
    }
    case 'DNS':
      if (isIpv4(value)) return { ok: true, target: value };
      if (!isIpv6(value)) return { ok: false, key: 'forwardIp' };
      // The address becomes the apex's AAAA record: the record rule's refusal, for the same reason.
      return embedsIpv4(value) ? { ok: false, key: 'dnsIpv6Ipv4' } : { ok: true, target: canonicalIpv6(value) };
    case 'NONE':
      return { ok: true, target: '' };
  }
}

/** The fields every way of setting a forward sends; `forwardTo` is judged against the type. */
const forwardFields = {
  domainName: requiredSafeText(255),
  forwardOption: ZForwardOption,
  forwardTo: z.string({ error: 'required' }).max(2000, { error: 'redirectUrl' }).optional().default(''),
};

/** Applies the forward rule to a parsed object: `forwardTo` becomes the stored target, or an issue on it. */
function withForwardRule<T extends { forwardOption: TForwardOption; forwardTo: string }>(value: T, ctx: z.RefinementCtx): T {
  const checked = checkForwardTarget(value.forwardOption, value.forwardTo);
  if (checked.ok) return { ...value, forwardTo: checked.target };
  ctx.addIssue({ code: 'custom', path: ['forwardTo'], message: checked.key });
  return z.NEVER;
}

/** `POST /account/domein-doorsturen/domein` (form post, spec 001 section 7). */
export const ZForwardForm = z
  .object({ _csrf: safeText(200).optional().default(''), ...forwardFields })
  .transform(withForwardRule);
export type TForwardForm = z.infer<typeof ZForwardForm>;

/** The forwarding page's save: the form's fields and the options it shows. */
export const ZForwardRequest = z
  .object({
    ...forwardFields,
    redirectStatus: ZRedirectStatus.optional().default(301),
    keepPath: z.boolean({ error: 'required' }).optional().default(false),
    frameTitle: safeText(FRAME_TITLE_MAX_LENGTH).optional().default(''),
  })
  .transform(withForwardRule);
export type TForwardRequest = z.input<typeof ZForwardRequest>;

export const ZForwardPageQuery = z.object({ name: requiredSafeText(255) });

/** A domain's forward as stored; `NONE` with an empty target when it has none. */
export const ZForward = z.object({
  forwardOption: ZForwardOption,
  forwardTo: z.string(),
  redirectStatus: ZRedirectStatus,
  keepPath: z.boolean(),
  frameTitle: z.string(),
});
export type TForward = z.infer<typeof ZForward>;

/** A DNS record a forward wrote into its domain's zone. */
export const ZForwardRecord = z.object({ name: z.string(), type: z.enum(['A', 'AAAA']), value: z.string(), ttl: z.number().int() });
export type TForwardRecord = z.infer<typeof ZForwardRecord>;

/** A record of the zone a forward replaced at a name it writes (an address or a CNAME): put back when the forward is switched off. */
export const ZReplacedRecord = z.object({ name: z.string(), type: z.enum(['A', 'AAAA', 'CNAME']), value: z.string(), ttl: z.number().int() });
export type TReplacedRecord = z.infer<typeof ZReplacedRecord>;

/** What the forwarding page shows: the domain, its forward, the records the forward wrote and where HTTP and IFRAME are answered. */
export const ZForwardPage = z.object({
  domainId: z.number().int(),
  /** As people read it (Unicode). */
  domainName: z.string(),
  /** As DNS serves it (Punycode). */
  asciiName: z.string(),
  forward: ZForward,
  records: z.array(ZForwardRecord),
  /** The zone's records the forward replaced: they come back when it is switched off (or to DNS, for `www`). */
  replaced: z.array(ZReplacedRecord),
  /** After a save only, when there are any: records the previous forward replaced that were not put back, since their name has records of its own now. */
  notRestored: z.array(ZReplacedRecord).optional(),
  responder: z.object({ ipv4: z.string(), ipv6: z.string().nullable() }),
  /** A sub-user or a domain in transfer: the forward can be seen, not changed. */
  readOnly: z.boolean(),
  /** Whether the domain is on the shop's name servers (otherwise the records are not served yet). */
  activeDnsServer: z.boolean(),
});
export type TForwardPage = z.infer<typeof ZForwardPage>;

/**
 * Host names as HTTP and TLS carry them (RFC 1123 section 2.1, RFC 6066 section 3): labels of
 * letters, digits and hyphens (so an internationalised name in its `xn--` form), not starting or
 * ending with a hyphen, 1 to 63 characters each, at most 253 in all. Unlike a DNS owner name, no
 * underscore: no browser asks for one.
 */
export const HOST_NAME_MAX_LENGTH = 253;
const HOST_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

/** Whether `name` is a host name, in any case; one trailing dot (the root) is allowed. */
export function isHostName(name: string): boolean {
  const bare = name.endsWith('.') ? name.slice(0, -1) : name;
  if (bare === '' || bare.length > HOST_NAME_MAX_LENGTH) return false;
  return bare.split('.').every((label) => HOST_LABEL.test(label));
}

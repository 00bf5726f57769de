/** Address checks for A and AAAA values, shared by the page and the server. */

/** Four decimal octets 0-255 without leading zeros (`010` is ambiguous: octal to some resolvers). */
export function isIpv4(value: string): boolean {
  const parts = value.split('.');
  return parts.length === 4 && parts.every((part) => /^(0|[1-9][0-9]{0,2})$/.test(part) && Number(part) <= 255);
}

/** An IPv6 address in any textual form of RFC 4291, including `::` and a trailing IPv4 part. */
export function isIpv6(value: string): boolean {
  if (!/^[0-9a-fA-F:.]+$/.test(value)) return false;
  const halves = value.split('::');
  if (halves.length > 2) return false;
  const groups = (text: string) => (text === '' ? [] : text.split(':'));
  const head = groups(halves[0] ?? '');
  const tail = halves.length === 2 ? groups(halves[1] ?? '') : [];
  const all = [...head, ...tail];
  let count = all.length;
  const last = all.at(-1);
  if (last?.includes('.')) {
    if (!isIpv4(last)) return false;
    all.pop();
    count += 1; // an IPv4 tail fills two groups
  }
  if (!all.every((group) => /^[0-9a-fA-F]{1,4}$/.test(group))) return false;
  return halves.length === 2 ? count <= 7 : count === 8;
}

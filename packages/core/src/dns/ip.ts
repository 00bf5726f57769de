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

/** The eight 16-bit groups of a valid IPv6 address. */
function groupsOf(value: string): number[] {
  const [head = '', tail] = value.toLowerCase().split('::');
  const expand = (text: string) =>
    text === ''
      ? []
      : text.split(':').flatMap((group) => {
          if (!group.includes('.')) return [parseInt(group, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
          return [a * 256 + b, c * 256 + d];
        });
  const left = expand(head);
  const right = tail === undefined ? [] : expand(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * Whether an IPv6 address carries an IPv4 address: IPv4-mapped (`::ffff:0:0/96`) or the
 * deprecated IPv4-compatible form (`::a.b.c.d`, RFC 4291 section 2.5.5). Neither belongs in an
 * AAAA record (the IPv4 address goes in an A record), and PowerDNS refuses both: it prints them
 * with a dotted tail, and refuses that text when it is sent back, so such a zone stops publishing.
 */
export function embedsIpv4(value: string): boolean {
  if (!isIpv6(value)) return false;
  const groups = groupsOf(value);
  const zeros = (count: number) => groups.slice(0, count).every((g) => g === 0);
  return (zeros(5) && groups[5] === 0xffff) || (zeros(6) && groups[6] !== 0);
}

/**
 * The one text of an IPv6 address (RFC 5952), as `inet_ntop` and DNS servers print it: lower
 * case, no leading zeros, the longest run of zero groups as `::`, an IPv4-mapped tail dotted
 * (how Node names an IPv4 client of a dual-stack socket), any other IPv4 tail in hexadecimal
 * (`64:ff9b::102:304`: PowerDNS refuses the dotted text there). Stored this way, the shop's zone
 * and the published one compare equal.
 */
export function canonicalIpv6(value: string): string {
  if (!isIpv6(value)) return value;
  const groups = groupsOf(value);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [, , , , , , high = 0, low = 0] = groups;
    return `::ffff:${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  let bestStart = -1;
  let bestLength = 1;
  for (let start = 0; start < 8; start++) {
    let length = 0;
    while (start + length < 8 && groups[start + length] === 0) length++;
    if (length > bestLength) [bestStart, bestLength] = [start, length];
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}

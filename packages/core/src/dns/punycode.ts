/**
 * Punycode (RFC 3492) and its use for domain names (IDNA: `xn--` labels), in plain TypeScript
 * so the browser and the server share it without Node's deprecated `punycode` module.
 */
const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;
const INITIAL_BIAS = 72;
const INITIAL_N = 128;

function adapt(delta: number, points: number, first: boolean): number {
  let d = first ? Math.floor(delta / DAMP) : delta >> 1;
  d += Math.floor(d / points);
  let k = 0;
  while (d > ((BASE - T_MIN) * T_MAX) >> 1) {
    d = Math.floor(d / (BASE - T_MIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - T_MIN + 1) * d) / (d + SKEW));
}

const digitChar = (d: number) => String.fromCharCode(d < 26 ? 97 + d : 22 + d);

function charDigit(code: number): number {
  if (code >= 48 && code <= 57) return code - 22;
  if (code >= 65 && code <= 90) return code - 65;
  if (code >= 97 && code <= 122) return code - 97;
  return BASE;
}

/** Encodes one label's code points (without the `xn--` prefix). */
export function punycodeEncode(input: string): string {
  const points = Array.from(input, (c) => c.codePointAt(0) ?? 0);
  let output = points.filter((p) => p < 0x80).map((p) => String.fromCharCode(p)).join('');
  const basic = output.length;
  let handled = basic;
  if (basic > 0) output += '-';
  let n = INITIAL_N;
  let delta = 0;
  let bias = INITIAL_BIAS;
  while (handled < points.length) {
    const m = Math.min(...points.filter((p) => p >= n));
    delta += (m - n) * (handled + 1);
    n = m;
    for (const p of points) {
      if (p < n) delta++;
      if (p !== n) continue;
      let q = delta;
      for (let k = BASE; ; k += BASE) {
        const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
        if (q < t) break;
        output += digitChar(t + ((q - t) % (BASE - t)));
        q = Math.floor((q - t) / (BASE - t));
      }
      output += digitChar(q);
      bias = adapt(delta, handled + 1, handled === basic);
      delta = 0;
      handled++;
    }
    delta++;
    n++;
  }
  return output;
}

/** Decodes one label (without the `xn--` prefix); throws on input that is not Punycode. */
export function punycodeDecode(input: string): string {
  const points: number[] = [];
  const lastDash = input.lastIndexOf('-');
  for (let i = 0; i < Math.max(lastDash, 0); i++) {
    const code = input.charCodeAt(i);
    if (code >= 0x80) throw new RangeError('not punycode');
    points.push(code);
  }
  let n = INITIAL_N;
  let bias = INITIAL_BIAS;
  let i = 0;
  for (let index = lastDash > 0 ? lastDash + 1 : 0; index < input.length; ) {
    const old = i;
    let w = 1;
    for (let k = BASE; ; k += BASE) {
      if (index >= input.length) throw new RangeError('not punycode');
      const digit = charDigit(input.charCodeAt(index++));
      if (digit >= BASE) throw new RangeError('not punycode');
      i += digit * w;
      const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
      if (digit < t) break;
      w *= BASE - t;
    }
    bias = adapt(i - old, points.length + 1, old === 0);
    n += Math.floor(i / (points.length + 1));
    i %= points.length + 1;
    if (n > 0x10ffff) throw new RangeError('not punycode');
    points.splice(i++, 0, n);
  }
  return String.fromCodePoint(...points);
}

/** `bücher.nl` becomes `xn--bcher-kva.nl`; ASCII labels are lower-cased and kept. */
export function domainToAscii(name: string): string {
  return name
    .split('.')
    .map((label) => {
      const lower = label.normalize('NFC').toLowerCase();
      return /[^\x00-\x7f]/.test(lower) ? `xn--${punycodeEncode(lower)}` : lower; // eslint-disable-line no-control-regex
    })
    .join('.');
}

/** `xn--bcher-kva.nl` becomes `bücher.nl`; a label that does not decode is shown as it is. */
export function domainToUnicode(name: string): string {
  return name
    .split('.')
    .map((label) => {
      if (!/^xn--/i.test(label)) return label;
      try {
        return punycodeDecode(label.slice(4).toLowerCase());
      } catch {
        return label;
      }
    })
    .join('.');
}

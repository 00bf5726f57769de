import { describe, expect, it } from 'vitest';
import { punycodeEncode } from './dns/punycode.ts';
import { accentedLetters, checkDomainInput, cleanDomainInput, domainLabelProblem, isPunycodeLabel, isRegistrableLabel, parseFullDomain, splitDomain } from './domain-name.ts';
import { domainInputRefusal, domainLabelRefusal, domainNameProblem, domainNameRefusal, domainProblemText } from './texts/domain-name-texts.ts';

describe('cleanDomainInput (spec 000 section 5: cleaned after 500 ms of inactivity)', () => {
  it.each([
    ['scheme prefix removed', 'https://mijnbakkerij.nl', 'mijnbakkerij.nl'],
    ['other schemes too', 'ftp://mijnbakkerij.nl', 'mijnbakkerij.nl'],
    ['www removed, lower-cased', 'WWW.MijnBakkerij.NL', 'mijnbakkerij.nl'],
    ['whitespace removed', ' mijn bakkerij ', 'mijnbakkerij'],
    ['comma becomes dot', 'mijnbakkerij,nl', 'mijnbakkerij.nl'],
    ['the issue example', 'https://www.Mijn Bakkerij,nl', 'mijnbakkerij.nl'],
    ['double hyphen reduced to one, leading hyphen removed', '--mijn--bakker', 'mijn-bakker'],
    ['special characters removed', 'mijn_bakkerij!@#$%&*()+=', 'mijnbakkerij'],
    ['accented letters stay, so the check can say they are not supported', 'bakkerĳ-café', 'bakkerij-café'],
    ['the issue example keeps its letters', 'zö-ë', 'zö-ë'],
    ['upper-case accented letters are lower-cased', 'ZOË', 'zoë'],
    ['non-printable characters removed', 'mijn\u0000bak\u200bkerij\t', 'mijnbakkerij'],
    ['a path after the host is dropped', 'https://mijnbakkerij.nl/contact?x=1', 'mijnbakkerij.nl'],
    ['a path after a host with a dot is dropped, also without a scheme', 'bakkerij.nl/pad', 'bakkerij.nl'],
    ['a pasted URL with a path', 'https://bakkerij.nl/pad', 'bakkerij.nl'],
    ['a slash in a bare name is removed like a special character, not cut', 'bakkerij/pad', 'bakkerijpad'],
    ['a trailing hyphen stays, so the check can say so', 'abc-', 'abc-'],
    ['a port is dropped', 'mijnbakkerij.nl:8080', 'mijnbakkerij.nl'],
    ['already clean stays as is', 'mijn-bakkerij.nl', 'mijn-bakkerij.nl'],
    ["a name's xn-- form stays, so the check can say IDN is not sold yet", 'https://www.XN--BCHER-KVA.nl/pad', 'xn--bcher-kva.nl'],
    ['xn-- that is not Punycode is cleaned like any double hyphen', 'xn--abc.nl', 'xn-abc.nl'],
  ])('%s: %j -> %j', (_rule, input, expected) => {
    expect(cleanDomainInput(input)).toBe(expected);
  });
});

describe('checkDomainInput (live rule of spec 000 section 5)', () => {
  it.each([
    ['3 characters is the minimum', 'abc', null],
    ['2 characters is too short', 'ab', 'too-short'],
    ['63 characters is the maximum', 'a'.repeat(63), null],
    ['64 characters is too long', 'a'.repeat(64), 'too-long'],
    ['the extension does not count toward the length', `${'a'.repeat(63)}.nl`, null],
    ['no leading hyphen', '-bakker', 'leading-hyphen'],
    ['no double hyphen', 'a--b', 'double-hyphen'],
    ['no trailing hyphen', 'abc-', 'trailing-hyphen'],
    ['no trailing hyphen before the extension', 'abc-.nl', 'trailing-hyphen'],
    ['letters, digits, hyphen, slash and dot are allowed', 'Mijn-Bakker1/x.nl', null],
    ['anything else is refused', 'mijn bakker', 'forbidden-character'],
    ['accented letters are named as such', 'zö-ë', 'accented-letter'],
    ['also in the extension', 'bakker.nö', 'accented-letter'],
    ['upper-case ASCII is not an accent', 'Bakker', null],
    ["a name's xn-- form (IDN) is named as such", 'xn--bcher-kva.nl', 'idn'],
    ['xn-- followed by what is not Punycode is a double hyphen', 'xn--abc.nl', 'double-hyphen'],
  ])('%s', (_rule, input, expected) => {
    expect(checkDomainInput(input)).toBe(expected);
  });
});

describe('one rule for page and server', () => {
  it.each(['abc', 'abc-', '-abc', 'a--b', 'ab', 'a'.repeat(63), 'a'.repeat(64), 'mijn-bakkerij', 'bakker1', 'bakkerij/pad', 'https://bakkerij.nl/pad', 'abc-.nl', 'zö-ë', 'café', 'xn--bcher-kva.nl', 'xn--abc'])(
    'the page lets %j through exactly when the server would register its name',
    (typed) => {
      const cleaned = cleanDomainInput(typed);
      const label = cleaned.split('.')[0] ?? '';
      expect(checkDomainInput(cleaned) === null).toBe(isRegistrableLabel(label));
    },
  );
});

describe('server rules', () => {
  it('accepts only lower-case letters, digits and inner hyphens', () => {
    expect(isRegistrableLabel('mijn-bakkerij')).toBe(true);
    expect(isRegistrableLabel('a--b')).toBe(false);
    expect(isRegistrableLabel('bakker-')).toBe(false);
    expect(isRegistrableLabel('-bakker')).toBe(false);
    expect(isRegistrableLabel('Bakker')).toBe(false);
    expect(isRegistrableLabel('ab')).toBe(false);
    expect(isRegistrableLabel('a'.repeat(64))).toBe(false);
    expect(isRegistrableLabel('zoë')).toBe(false);
  });

  it('splits a typed extension off when it is sold, longest first', () => {
    const sold = ['nl', 'uk', 'co.uk'];
    expect(splitDomain('mijnbakkerij.nl', sold)).toEqual({ label: 'mijnbakkerij', extension: 'nl' });
    expect(splitDomain('mijnbakkerij.co.uk', sold)).toEqual({ label: 'mijnbakkerij', extension: 'co.uk' });
    expect(splitDomain('mijnbakkerij.xyz', sold)).toEqual({ label: 'mijnbakkerij', extension: null });
    expect(splitDomain('mijnbakkerij', sold)).toEqual({ label: 'mijnbakkerij', extension: null });
  });

  it('parses a full domain against the sold extensions', () => {
    expect(parseFullDomain('MijnBakkerij.nl', ['nl'])).toEqual({ label: 'mijnbakkerij', extension: 'nl' });
    expect(parseFullDomain('a--b.nl', ['nl'])).toBeNull();
    expect(parseFullDomain('mijnbakkerij.com', ['nl'])).toBeNull();
  });
});

describe("a name's xn-- form (IDN, Punycode)", () => {
  it.each([
    ['bücher', 'xn--bcher-kva'],
    ['münchen', 'xn--mnchen-3ya'],
    ['bakkerij-zoë', 'xn--bakkerij-zo-9bb'],
    ['日本語', 'xn--wgv71a119e'],
  ])('knows %s as %s', (unicode, label) => {
    expect(`xn--${punycodeEncode(unicode)}`).toBe(label);
    expect(isPunycodeLabel(label)).toBe(true);
    expect(domainLabelProblem(label)).toBe('idn');
    expect(isRegistrableLabel(label)).toBe(false);
    expect(parseFullDomain(`${label}.nl`, ['nl'])).toBeNull();
  });

  it.each([
    ['not Punycode', 'xn--abc'],
    ['all of it ASCII', `xn--${punycodeEncode('abc')}`],
    ['upper-case letters in the Unicode form', `xn--${punycodeEncode('Bücher')}`],
    ['not in the form the encoder writes', 'xn--bcher-kva-'],
    ['empty after the prefix', 'xn--'],
    ['longer than a label', `xn--${punycodeEncode(`${'a'.repeat(60)}ü`)}`],
    ['a hyphen pair elsewhere', 'ab--bcher-kva'],
  ])('does not take %s for one', (_why, label) => {
    expect(isPunycodeLabel(label)).toBe(false);
    expect(domainLabelProblem(label)).not.toBe('idn');
  });
});

describe('why a name is refused, in both languages', () => {
  it('names the accented letters that were typed', () => {
    expect(accentedLetters('zö-ë')).toEqual(['ö', 'ë']);
    expect(domainProblemText('nl', 'accented-letter', 'zö-ë')).toBe('Letters met accenten (zoals ö en ë) worden nog niet ondersteund.');
    expect(domainProblemText('en', 'accented-letter', 'café')).toBe('Letters with accents (such as é) are not supported yet.');
  });

  it('gives every rule a sentence, and the server the same one', () => {
    expect(domainLabelRefusal('nl', 'abc-')).toBe('Een domeinnaam mag niet op een streepje eindigen.');
    expect(domainLabelRefusal('en', 'abc-')).toBe('A domain name cannot end with a hyphen.');
    expect(domainLabelRefusal('nl', 'ab')).toBe('Een domeinnaam heeft minstens 3 tekens (zonder extensie).');
    expect(domainLabelRefusal('nl', 'mijn-bakkerij')).toBeNull();
  });

  it('says that IDN names cannot be ordered yet, instead of blaming the hyphens of their xn-- form', () => {
    expect(domainLabelRefusal('nl', 'xn--bcher-kva')).toBe('Domeinnamen met speciale tekens (IDN, xn--…) kunnen nog niet worden besteld.');
    expect(domainLabelRefusal('en', 'xn--bcher-kva')).toBe('Domain names with special characters (IDN, xn--…) cannot be ordered yet.');
    expect(domainInputRefusal('nl', cleanDomainInput('XN--BCHER-KVA.NL'))).toBe('Domeinnamen met speciale tekens (IDN, xn--…) kunnen nog niet worden besteld.');
    expect(domainLabelRefusal('nl', 'xn--abc')).toBe('Een domeinnaam mag geen twee streepjes na elkaar hebben.');
  });

  it('judges the name part of a full domain, before the longest extension sold', () => {
    const sold = ['nl', 'uk', 'co.uk'];
    expect(domainNameRefusal('en', 'XN--BCHER-KVA.co.uk', sold)).toBe('Domain names with special characters (IDN, xn--…) cannot be ordered yet.');
    expect(domainNameRefusal('nl', 'a--b.nl', sold)).toBe('Een domeinnaam mag geen twee streepjes na elkaar hebben.');
    expect(domainNameRefusal('nl', 'ab.xyz', sold)).toBe('Een domeinnaam heeft minstens 3 tekens (zonder extensie).');
    expect(domainNameRefusal('nl', 'bakkerij.co.uk', sold)).toBeNull();
    expect(domainNameRefusal('nl', 'bakkerij.xyz', sold)).toBeNull();
    expect(domainNameProblem('xn--bcher-kva.co.uk', sold)).toBe('idn');
    expect(domainNameProblem('bakkerij.co.uk', sold)).toBeNull();
  });
});

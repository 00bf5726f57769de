#!/usr/bin/env node
// Rebuilds the offline address lookup's data file from a BAG address extract in CSV, one file per
// four-digit postcode area (`1234.csv`) with the columns openbareruimtenaam, huisnummer, huisletter,
// huisnummertoevoeging, postcode, woonplaatsnaam, gemeentenaam (and more, ignored), as NLExtract's
// `adres` table exports them (see the README beside the data file for the extract used).
//
//   node scripts/build-address-data.mjs <folder of CSV files> <municipality>|area:<1234>|postcode:<1234AB> ...
//
// Every address of the named municipalities (gemeentenaam, exactly) is kept, every address of
// a four-digit postcode area named as `area:1012` (Amsterdam's centre, say), and every address of
// a single postcode named as `postcode:1016GV` (the demo accounts' addresses); letters and
// additions are dropped, since the lookup takes the house number alone. The file groups the
// house numbers per postcode, street and place as runs: `5`, `1-9` (every number) or `1-9/2`
// (every other one), so the lookup answers 'not found' for a number that does not exist.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const OUTPUT = fileURLToPath(new URL('../packages/server/src/ports/address-lookup/data/bag-addresses.json', import.meta.url));

const [folder, ...chosen] = process.argv.slice(2);
const prefixed = (prefix) => new Map(chosen.filter((name) => name.startsWith(prefix)).map((name) => [name.slice(prefix.length), 0]));
const municipalities = chosen.filter((name) => !/^(area|postcode):/.test(name));
const areas = prefixed('area:');
const singles = prefixed('postcode:');
if (!folder || chosen.length === 0) {
  process.stderr.write('usage: node scripts/build-address-data.mjs <folder of CSV files> <municipality>|area:<1234>|postcode:<1234AB> ...\n');
  process.exit(2);
}

/** One CSV line into its fields (RFC 4180 quoting; the extract has no line breaks inside fields). */
function fields(line) {
  const out = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      out.push(field);
      field = '';
    } else field += char;
  }
  out.push(field);
  return out;
}

/** Sorted house numbers as runs: `n`, `a-b` (step 1) or `a-b/2` (step 2); a run holds three numbers or more. */
function runs(numbers) {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const out = [];
  for (let i = 0; i < sorted.length; ) {
    const step = sorted[i + 1] - sorted[i];
    let end = i;
    if (step === 1 || step === 2) while (end + 1 < sorted.length && sorted[end + 1] - sorted[end] === step) end++;
    if (end - i >= 2) {
      out.push(`${sorted[i]}-${sorted[end]}${step === 2 ? '/2' : ''}`);
      i = end + 1;
    } else {
      out.push(String(sorted[i]));
      i++;
    }
  }
  return out.join(' ');
}

const wanted = new Set(municipalities);
/** postcode -> "street\tplace" -> house numbers */
const found = new Map();
const perMunicipality = new Map(municipalities.map((name) => [name, 0]));
const files = readdirSync(folder).filter((name) => /^\d{4}\.csv$/.test(name)).sort();
for (const file of files) {
  const [header, ...lines] = readFileSync(join(folder, file), 'utf8').split(/\r?\n/).filter((line) => line !== '');
  const columns = fields(header);
  const at = (name) => {
    const index = columns.indexOf(name);
    if (index < 0) throw new Error(`${file}: no column ${name}`);
    return index;
  };
  const [street, number, postcode, place, municipality] = ['openbareruimtenaam', 'huisnummer', 'postcode', 'woonplaatsnaam', 'gemeentenaam'].map(at);
  for (const line of lines) {
    const row = fields(line);
    const area = file.slice(0, 4);
    if (!wanted.has(row[municipality]) && !areas.has(area) && !singles.has(row[postcode])) continue;
    if (!/^[1-9]\d{3}[A-Z]{2}$/.test(row[postcode]) || !/^[1-9]\d*$/.test(row[number])) throw new Error(`${file}: unexpected address ${line}`);
    if (wanted.has(row[municipality])) perMunicipality.set(row[municipality], perMunicipality.get(row[municipality]) + 1);
    else if (areas.has(area)) areas.set(area, areas.get(area) + 1);
    else singles.set(row[postcode], singles.get(row[postcode]) + 1);
    const streets = found.get(row[postcode]) ?? new Map();
    found.set(row[postcode], streets);
    const key = `${row[street]}\t${row[place]}`;
    streets.set(key, [...(streets.get(key) ?? []), Number(row[number])]);
  }
}

const missing = [...perMunicipality, ...areas, ...singles].filter(([, count]) => count === 0).map(([name]) => name);
if (missing.length > 0) throw new Error(`no addresses for ${missing.join(', ')}`);

const total = [...perMunicipality.values(), ...areas.values(), ...singles.values()].reduce((sum, count) => sum + count, 0);
// A postcode and number under two streets or places (rare): the lookup answers the first entry.
let ambiguous = 0;
for (const streets of found.values()) {
  const numbers = [...streets.values()].flatMap((list) => [...new Set(list)]);
  ambiguous += numbers.length - new Set(numbers).size;
}
const lines = [...found.keys()].sort().map((postcode) => {
  const entries = [...found.get(postcode)].map(([key, numbers]) => [...key.split('\t'), runs(numbers)]);
  return `    ${JSON.stringify(postcode)}: ${JSON.stringify(entries)}`;
});
const text = [
  '{',
  `  "source": "BAG (Basisregistratie Adressen en Gebouwen), public domain (CC0 1.0); see README.md beside this file",`,
  `  "municipalities": ${JSON.stringify(Object.fromEntries(perMunicipality))},`,
  `  "postcodeAreas": ${JSON.stringify(Object.fromEntries(areas))},`,
  ...(singles.size > 0 ? [`  "singlePostcodes": ${JSON.stringify(Object.fromEntries(singles))},`] : []),
  `  "addresses": ${total},`,
  '  "postcodes": {',
  lines.join(',\n'),
  '  }',
  '}',
  '',
].join('\n');
writeFileSync(OUTPUT, text);
const counts = [...perMunicipality, ...[...areas].map(([area, count]) => [`area ${area}`, count]), ...[...singles].map(([code, count]) => [`postcode ${code}`, count])].map(([name, count]) => `${name}: ${count}`).join(', ');
process.stdout.write(`${total} addresses in ${found.size} postcodes (${counts}; ${ambiguous} postcode and number pairs under two streets or places) written to ${OUTPUT}\n`);

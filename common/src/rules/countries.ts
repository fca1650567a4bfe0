/**
 * ISO 3166-1 alpha-2 countries, named by the runtime's Intl data (no list to keep up to date).
 * Codes Intl knows that are not ISO 3166-1 countries (EU, UN, private-use, withdrawn codes such
 * as UK or YU, and the reserved AC, CP, DG, EA, IC, TA) are left out.
 */
const NOT_COUNTRIES = new Set([
  'EU',
  'EZ',
  'UN',
  'QO',
  'XA',
  'XB',
  'ZZ',
  'AA',
  'QM',
  'QN',
  'QP',
  'QQ',
  'QR',
  'QS',
  'QT',
  'QU',
  'QV',
  'QW',
  'QX',
  'QY',
  'QZ',
  'XK',
  'AN',
  'BU',
  'CS',
  'DD',
  'FX',
  'NT',
  'SU',
  'TP',
  'UK',
  'YU',
  'ZR',
  'AC',
  'CP',
  'DG',
  'EA',
  'IC',
  'TA',
]);
let names: Intl.DisplayNames | undefined;

/** The English name of a country code ("GB" → "United Kingdom"), or null when it is not one. */
export function countryName(code: string): string | null {
  if (!/^[A-Z]{2}$/.test(code) || NOT_COUNTRIES.has(code) || code.startsWith('X')) return null;
  names ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  const name = names.of(code);
  return name && name !== code ? name : null;
}

let list: Array<{ code: string; name: string }> | undefined;

/** Every country, by name, for a select. Built once. */
export function countryList(): ReadonlyArray<{ code: string; name: string }> {
  if (!list) {
    list = [];
    for (let a = 65; a <= 90; a += 1) {
      for (let b = 65; b <= 90; b += 1) {
        const code = String.fromCharCode(a, b);
        const name = countryName(code);
        if (name) list.push({ code, name });
      }
    }
    list.sort((x, y) => x.name.localeCompare(y.name, 'en'));
  }
  return list;
}

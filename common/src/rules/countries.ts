// A maintained ISO 3166-1 list (countries-list), its English names only: 4.5 kB, so the portal's
// checkout and admin forms take it as is, with no lazy loading.
import COUNTRY_NAMES from 'countries-list/minimal/countries.en.min.json' with { type: 'json' };

/**
 * Codes the list carries that ISO 3166-1 does not assign to a country: the exceptionally
 * reserved AC (Ascension Island) and TA (Tristan da Cunha), part of SH, and the user-assigned XK.
 */
const NOT_ISO_3166_1 = new Set(['AC', 'TA', 'XK']);

const NAMES: ReadonlyMap<string, string> = new Map(Object.entries(COUNTRY_NAMES as Record<string, string>).filter(([code]) => !NOT_ISO_3166_1.has(code)));

/** The English name of an ISO 3166-1 alpha-2 code ("GB" → "United Kingdom"), or null when it is not one. */
export function countryName(code: string): string | null {
  return NAMES.get(code) ?? null;
}

let list: Array<{ code: string; name: string }> | undefined;

/** Every country, by name, for a select. Built once. */
export function countryList(): ReadonlyArray<{ code: string; name: string }> {
  list ??= [...NAMES].map(([code, name]) => ({ code, name })).sort((x, y) => x.name.localeCompare(y.name, 'en'));
  return list;
}

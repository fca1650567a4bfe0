import { describe, expect, it } from 'vitest';
import { countryList, countryName } from './countries.ts';

describe('the country list', () => {
  it('is ISO 3166-1: 249 codes, none twice, no name twice, no withdrawn or reserved code', () => {
    const list = countryList();
    expect(list).toHaveLength(249);
    expect(new Set(list.map((country) => country.code)).size).toBe(249);
    expect(new Set(list.map((country) => country.name)).size).toBe(249);
    for (const code of ['UK', 'AN', 'YU', 'CS', 'SU', 'ZR', 'TP', 'XK', 'AC', 'TA', 'EU', 'UN', 'ZZ']) expect(countryName(code)).toBeNull();
    expect(list.every((country) => /^[A-Z]{2}$/.test(country.code))).toBe(true);
  });

  it('names the codes schools and invoices use, and lists them by name', () => {
    expect(countryName('GB')).toBe('United Kingdom');
    expect(countryName('US')).toBe('United States');
    expect(countryName('IE')).toBe('Ireland');
    expect(countryName('gb')).toBeNull();
    const names = countryList().map((country) => country.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });
});

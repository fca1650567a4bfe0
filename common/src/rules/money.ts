/** Prices are integer pence; £100,000 is far beyond any course. */
export const MAX_PRICE_PENCE = 10_000_000;

export const PRICE_ERROR = 'Enter the price in pounds, for example 499 or 199.99';

/**
 * Pounds as typed ("499", "199.99", "£1,250.5") to integer pence; null for anything that is not
 * a non-negative amount with at most two decimals. Works on the digits, not on floats, so
 * "19.99" is 1999 and never 1998.9999.
 */
export function poundsToPence(input: string): number | null {
  const value = input
    .trim()
    .replace(/^£\s*/, '')
    .replace(/,(?=\d{3}(\D|$))/g, '');
  const match = /^(\d+)(?:\.(\d{0,2}))?$/.exec(value) ?? /^()\.(\d{1,2})$/.exec(value);
  if (!match) return null;
  const pence = Number(match[1] || '0') * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(pence) && pence <= MAX_PRICE_PENCE ? pence : null;
}

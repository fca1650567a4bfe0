/**
 * The currencies a course can be priced in, and the one way a price is written on any screen.
 * No zod and no React here: widgets import this file as is.
 */
export const CURRENCIES = ['GBP', 'USD', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Integer minor units per currency; GBP is always there, the others only when offered. */
export type PriceList = { GBP: number } & Partial<Record<Exclude<Currency, 'GBP'>, number>>;

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

/** Countries whose schools see euros by default (the euro area). */
const EURO_LOCALES = new Set(['at', 'be', 'cy', 'de', 'ee', 'es', 'fi', 'fr', 'gr', 'el', 'hr', 'ie', 'it', 'lt', 'lu', 'lv', 'mt', 'nl', 'pt', 'si', 'sk']);
/** Languages spoken mostly in the euro area: a bare "de" or "fr" means euros. */
const EURO_LANGUAGES = new Set(['de', 'fr', 'es', 'it', 'nl', 'pt', 'fi', 'el', 'et', 'lt', 'lv', 'mt', 'sk', 'sl', 'hr', 'ga', 'lb']);

/**
 * The currency a visitor sees before choosing: en-US (or any US locale) → USD, a euro-area
 * locale → EUR, anything else → GBP. Takes an Accept-Language header or a list of locales
 * (navigator.languages); the first locale that names a country or a euro language decides.
 */
export function currencyForLocales(locales: string | readonly string[] | null | undefined): Currency {
  const list = typeof locales === 'string' ? parseAcceptLanguage(locales) : [...(locales ?? [])];
  for (const locale of list) {
    const [language = '', region = ''] = locale.toLowerCase().split(/[-_]/);
    if (region === 'us') return 'USD';
    if (region === 'gb' || region === 'uk') return 'GBP';
    if (region && EURO_LOCALES.has(region)) return 'EUR';
    if (!region && EURO_LANGUAGES.has(language)) return 'EUR';
    if (region) return 'GBP';
  }
  return 'GBP';
}

/** Accept-Language's locales in order of preference ("en-US,en;q=0.9" → ["en-US", "en"]). */
export function parseAcceptLanguage(header: string): string[] {
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
      return { tag: tag.trim(), q: q ? Number(q[1]) : 1, index };
    })
    .filter((entry) => /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(entry.tag) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag)
    .slice(0, 10);
}

/** What a course costs a visitor who chose `currency`: its price there, or its GBP price, said so. */
export function priceIn(prices: PriceList, currency: Currency): { amount: number; currency: Currency; fallback: boolean } {
  const amount = prices[currency];
  if (amount !== undefined) return { amount, currency, fallback: false };
  return { amount: prices.GBP, currency: 'GBP', fallback: currency !== 'GBP' };
}

/**
 * What the landing page and the support bot quote from the catalogue in `currency`: the price
 * most courses have (the higher on a tie) and the cheapest course. Courses with no price in that
 * currency are left out rather than quoted in pounds; null when none is left.
 */
export function catalogueFigures(
  courses: ReadonlyArray<{ title: string; price: number; prices?: PriceList }>,
  currency: Currency,
): { usual: number; cheapest: { title: string; amount: number } } | null {
  const priced = courses
    .map((course) => ({ title: course.title, price: priceIn(course.prices ?? { GBP: course.price }, currency) }))
    .filter(({ price }) => price.amount > 0 && !price.fallback);
  if (priced.length === 0) return null;
  const counts = new Map<number, number>();
  for (const { price } of priced) counts.set(price.amount, (counts.get(price.amount) ?? 0) + 1);
  const usual = [...counts].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]![0];
  const cheapest = priced.reduce((low, entry) => (entry.price.amount < low.price.amount ? entry : low));
  return { usual, cheapest: { title: cheapest.title, amount: cheapest.price.amount } };
}

// Building an Intl formatter costs far more than using one (tens of milliseconds for the first
// on a phone), so each locale and currency pair is built once and kept.
const formatters = new Map<string, Intl.NumberFormat>();

// Hand-written for issue 41's Lighthouse target: the first formatter a page builds loads the
// browser's locale data, the longest single task of a phone's first load. A page the server drew
// carries the amounts it wrote (collectFormattedMoney), so hydrating it builds no formatter at all.
const written = new Map<string, string>();
let writing: Map<string, string> | null = null;
const writtenKey = (minor: number, code: string, locale: string | undefined) => `${locale ?? ''}|${code}|${minor}`;

/**
 * Integer minor units as money in the reader's locale: formatMoney(49900, 'USD', 'en-US') is
 * "$499.00", formatMoney(49900, 'EUR', 'de-DE') "499,00 €". An unknown locale falls back to en-GB.
 */
export function formatMoney(minor: number, currency: Currency | string, locale?: string): string {
  const code = currency.toUpperCase();
  const key = writtenKey(minor, code, locale);
  const known = written.get(key);
  if (known !== undefined) return known;
  const formatterKey = `${locale ?? ''}|${code}`;
  let format = formatters.get(formatterKey);
  if (!format) {
    try {
      format = new Intl.NumberFormat(locale || 'en-GB', { style: 'currency', currency: code });
    } catch {
      format = new Intl.NumberFormat('en-GB', { style: 'currency', currency: code });
    }
    formatters.set(formatterKey, format);
  }
  const text = format.format(minor / 100);
  writing?.set(key, text);
  return text;
}

/**
 * Collects the amounts formatMoney writes from now until the returned function is called, which
 * gives them (the server, around one page's render: renders take turns, one collection at a time).
 */
export function collectFormattedMoney(): () => Record<string, string> {
  const into = new Map<string, string>();
  writing = into;
  return () => {
    if (writing === into) writing = null;
    return Object.fromEntries(into);
  };
}

/** Amounts the server already wrote (collectFormattedMoney), which formatMoney then gives as they are. */
export function rememberFormattedMoney(money: Record<string, string>): void {
  for (const [key, text] of Object.entries(money)) if (typeof text === 'string' && key.length < 64) written.set(key, text);
}

/** "USD" → "US dollars", for the switcher and for "shown in pounds" notes. */
export const CURRENCY_NAMES: Readonly<Record<Currency, string>> = { GBP: 'pounds', USD: 'US dollars', EUR: 'euros' };

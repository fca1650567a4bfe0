/**
 * Tax on an invoice or receipt, decided by the buyer's country and VAT number. Course prices are
 * net; the seller is a UK business. This table is the one place the rates live.
 */
export type TaxCase = 'uk' | 'eu-reverse-charge' | 'eu-no-vat-number' | 'outside';

export interface TaxRule {
  /** Basis points: 2000 is 20 %. */
  rateBasisPoints: number;
  /** The label of the tax line on the document. */
  label: string;
  /** Printed under the totals when set (and answered as the invoice's taxNote). */
  note: string | null;
}

export const TAX_RULES: Readonly<Record<TaxCase, TaxRule>> = {
  uk: { rateBasisPoints: 2000, label: 'VAT at 20%', note: null },
  'eu-reverse-charge': {
    rateBasisPoints: 0,
    label: 'VAT at 0%',
    note: 'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC).',
  },
  'eu-no-vat-number': { rateBasisPoints: 0, label: 'VAT at 0%', note: 'Outside the scope of UK VAT.' },
  outside: { rateBasisPoints: 0, label: 'VAT at 0%', note: 'Outside the scope of UK VAT (export of services).' },
};

/** EU member states by ISO 3166-1 alpha-2, with the prefix their VAT numbers carry (Greece: EL). */
export const EU_VAT_PREFIXES: Readonly<Record<string, string>> = {
  AT: 'AT',
  BE: 'BE',
  BG: 'BG',
  CY: 'CY',
  CZ: 'CZ',
  DE: 'DE',
  DK: 'DK',
  EE: 'EE',
  ES: 'ES',
  FI: 'FI',
  FR: 'FR',
  GR: 'EL',
  HR: 'HR',
  HU: 'HU',
  IE: 'IE',
  IT: 'IT',
  LT: 'LT',
  LU: 'LU',
  LV: 'LV',
  MT: 'MT',
  NL: 'NL',
  PL: 'PL',
  PT: 'PT',
  RO: 'RO',
  SE: 'SE',
  SI: 'SI',
  SK: 'SK',
};

const UK_COUNTRIES = new Set(['GB']);

/** The shape of each prefix's numbers (the characters after the prefix), as the tax offices publish them. */
const VAT_SHAPES: Readonly<Record<string, RegExp>> = {
  GB: /^(\d{9}|\d{12}|GD[0-4]\d{2}|HA[5-9]\d{2})$/,
  XI: /^(\d{9}|\d{12}|GD[0-4]\d{2}|HA[5-9]\d{2})$/,
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^\d[A-Z0-9+*]\d{5}[A-W][A-I]?$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{10}01$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
};

export const isUkCountry = (country: string): boolean => UK_COUNTRIES.has(country);
export const isEuCountry = (country: string): boolean => country in EU_VAT_PREFIXES;

/** "gb 123 456 789" → "GB123456789": spaces, dots and dashes are how people type them. */
export function normaliseVatNumber(input: string): string {
  return input.toUpperCase().replace(/[\s.-]/g, '');
}

/**
 * Whether a (normalised) VAT number has the shape of one issued by `country` (GB or an EU state),
 * prefix included. Without a country, any GB or EU prefix with its shape is accepted.
 */
export function isVatNumberShape(vatNumber: string, country?: string | null): boolean {
  const prefixes = country ? vatPrefixesOf(country) : Object.keys(VAT_SHAPES);
  return prefixes.some((prefix) => vatNumber.startsWith(prefix) && VAT_SHAPES[prefix]!.test(vatNumber.slice(prefix.length)));
}

/** The prefixes a country's VAT numbers may carry; none outside the UK and the EU. */
export function vatPrefixesOf(country: string): string[] {
  if (country === 'GB') return ['GB', 'XI'];
  const prefix = EU_VAT_PREFIXES[country];
  return prefix ? [prefix] : [];
}

export function taxCaseFor(country: string, vatNumber: string | null | undefined): TaxCase {
  if (isUkCountry(country)) return 'uk';
  if (isEuCountry(country)) return vatNumber ? 'eu-reverse-charge' : 'eu-no-vat-number';
  return 'outside';
}

export interface TaxedAmount {
  case: TaxCase;
  rateBasisPoints: number;
  net: number;
  tax: number;
  gross: number;
  label: string;
  note: string | null;
}

/** Tax on a net amount in minor units, rounded half up to the minor unit. */
export function applyTax(net: number, country: string, vatNumber: string | null | undefined): TaxedAmount {
  const taxCase = taxCaseFor(country, vatNumber);
  const rule = TAX_RULES[taxCase];
  const tax = Math.round((net * rule.rateBasisPoints) / 10_000);
  return { case: taxCase, rateBasisPoints: rule.rateBasisPoints, net, tax, gross: net + tax, label: rule.label, note: rule.note };
}

/** A discount an admin agreed on an invoice order: a whole percentage (1–100) or an amount in minor units. */
export type DiscountKind = 'percent' | 'amount';
export const DISCOUNT_KINDS = ['percent', 'amount'] as const satisfies readonly DiscountKind[];

export interface Discount {
  kind: DiscountKind;
  value: number;
}

/**
 * What a discount takes off a price, in minor units: a percentage rounded half up to the minor
 * unit (as tax is), an amount as agreed; never less than nothing nor more than the price.
 */
export function discountOff(price: number, discount: Discount | null | undefined): number {
  if (!discount) return 0;
  const off = discount.kind === 'percent' ? Math.round((price * discount.value) / 100) : discount.value;
  return Math.min(Math.max(off, 0), price);
}

export interface InvoiceFigures extends TaxedAmount {
  /** The order's price before the discount (net of tax). */
  price: number;
  /** Taken off the price before tax: `net` is `price - discount`. */
  discount: number;
}

/**
 * The one computation of an invoice's figures: the discount comes off the net price, then tax is
 * charged on what is left (so VAT is charged on what the school pays). The preview, the issued
 * invoice, its PDF and the e-mails all use these numbers.
 */
export function invoiceFigures(price: number, discount: Discount | null | undefined, country: string, vatNumber: string | null | undefined): InvoiceFigures {
  const off = discountOff(price, discount);
  return { ...applyTax(price - off, country, vatNumber), price, discount: off };
}

export interface FigureLine {
  net: number;
  tax: number;
  gross: number;
}

/**
 * An issued invoice's figures as printed lines: the course at its price (tax at the invoice's
 * rate) and the discount as a negative line that takes the document to the invoice's own totals,
 * so the lines always add up to what was invoiced, rounding included.
 */
export function discountedLines(price: number, invoice: FigureLine, rateBasisPoints: number): { price: FigureLine; discount: FigureLine } {
  const priceTax = Math.round((price * rateBasisPoints) / 10_000);
  const full = { net: price, tax: priceTax, gross: price + priceTax };
  return { price: full, discount: { net: invoice.net - full.net, tax: invoice.tax - full.tax, gross: invoice.gross - full.gross } };
}

/** The longest reason a discount may carry (it is printed on the invoice); the form and the server share it. */
export const DISCOUNT_REASON_MAX = 200;

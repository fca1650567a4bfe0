import { z } from 'zod';
import { CURRENCIES, type Currency } from '../rules/currency.ts';
import { countryName } from '../rules/countries.ts';
import { DISCOUNT_KINDS, DISCOUNT_REASON_MAX, isVatNumberShape, normaliseVatNumber, vatPrefixesOf } from '../rules/tax.ts';
import { requiredText } from './common.ts';
import { MAX_PRICE_PENCE } from '../rules/money.ts';

const minorUnits = (currency: Currency) =>
  z
    .number({
      error: (issue) =>
        issue.input === undefined ? `A ${currency} price is required` : `The ${currency} price must be a whole number of minor units (cents or pence)`,
    })
    .int({ message: `The ${currency} price must be a whole number of minor units (cents or pence)` })
    .min(0, { message: `The ${currency} price cannot be negative` })
    .max(MAX_PRICE_PENCE, { message: `The ${currency} price is too high` });

/** `{"GBP": 49900, "USD": 59900}`: GBP always; a currency left out is not offered. */
export const priceListSchema = z.strictObject(
  {
    GBP: minorUnits('GBP'),
    USD: minorUnits('USD').optional(),
    EUR: minorUnits('EUR').optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown currency ${issue.keys.join(', ')}: prices can be in ${CURRENCIES.join(', ')}`
        : issue.code === 'invalid_type'
          ? 'prices must be an object such as {"GBP": 49900, "USD": 59900}'
          : undefined,
  },
);

const currencyMessage = `Currency must be one of ${CURRENCIES.join(', ')}`;
/** An ISO currency code we price in; "usd" is read as USD. */
export const currencySchema = z
  .string({ message: currencyMessage })
  .trim()
  .toUpperCase()
  .pipe(z.enum(CURRENCIES, { message: currencyMessage }));

/** PUT /api/currency: the visitor's choice, kept in a cookie and on a signed-in user's profile. */
export const currencyChoiceSchema = z.object({ currency: currencySchema });

export const countrySchema = z
  .string({ message: 'Choose the country' })
  .trim()
  .toUpperCase()
  .refine((code) => countryName(code) !== null, { message: 'Choose a country (ISO 3166-1 two-letter code, e.g. GB, US, DE)' });

/**
 * The invoice fields of an order: where the invoice goes and how it is taxed. A VAT number from
 * the UK or an EU state must have that state's shape (prefix included); elsewhere the field holds
 * a tax-exemption number as given.
 */
export const invoiceDetailsFields = {
  currency: currencySchema.optional(),
  country: countrySchema.optional(),
  billingAddress: z
    .string({ message: 'Billing address must be text' })
    .trim()
    .max(1000, { message: 'Billing address can be at most 1,000 characters' })
    .nullish(),
  vatNumber: z.string({ message: 'VAT number must be text' }).trim().max(40, { message: 'VAT or tax-exemption number can be at most 40 characters' }).nullish(),
};

/** The rule between country and VAT number, added with superRefine by the schema that holds both. */
export function checkVatNumber(value: { country?: string | null; vatNumber?: string | null }, ctx: z.RefinementCtx): void {
  if (!value.vatNumber) return;
  const country = value.country ?? null;
  if (country && vatPrefixesOf(country).length === 0) return;
  if (!isVatNumberShape(normaliseVatNumber(value.vatNumber), country)) {
    const prefix = country ? vatPrefixesOf(country)[0] : 'GB';
    ctx.addIssue({
      code: 'custom',
      path: ['vatNumber'],
      message: `This is not the shape of a ${country ? (countryName(country) ?? country) : 'UK or EU'} VAT number (it starts with ${prefix}, e.g. ${prefix === 'GB' ? 'GB123456789' : `${prefix}…`})`,
    });
  }
}

/**
 * POST /api/admin/orders/:id/invoice: details the admin completes before issuing (all optional;
 * an absent field keeps what the buyer gave, null clears it).
 */
export const invoiceIssueSchema = z
  .object({
    country: countrySchema.optional(),
    billingAddress: z.string().trim().max(1000, { message: 'Billing address can be at most 1,000 characters' }).nullable().optional(),
    vatNumber: z.string().trim().max(40, { message: 'VAT or tax-exemption number can be at most 40 characters' }).nullable().optional(),
  })
  .superRefine(checkVatNumber);

export type InvoiceIssueInput = z.infer<typeof invoiceIssueSchema>;

const discountValueMessage = 'Enter the discount as a whole number: a percentage from 1 to 100, or an amount in pence or cents';

/**
 * PUT /api/admin/orders/:id/discount: a percentage (1–100) or an amount in the order currency's
 * minor units, and why. That an amount is no more than the order's price is checked against the
 * order (commands/orderDiscounts.ts).
 */
export const orderDiscountSchema = z
  .object({
    kind: z.enum(DISCOUNT_KINDS, { message: 'Choose a percentage or an amount' }),
    value: z
      .number({ message: discountValueMessage })
      .int({ message: discountValueMessage })
      .positive({ message: 'The discount must be more than zero' })
      .max(MAX_PRICE_PENCE, { message: 'The discount is more than any price' }),
    reason: requiredText(DISCOUNT_REASON_MAX, 'Say why the discount is given (it is printed on the invoice)', 'Reason'),
  })
  .superRefine((discount, ctx) => {
    if (discount.kind === 'percent' && discount.value > 100) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'A percentage discount is from 1 to 100' });
    }
  });

export type OrderDiscountInput = z.infer<typeof orderDiscountSchema>;

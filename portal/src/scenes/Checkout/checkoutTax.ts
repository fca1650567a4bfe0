import { countryName } from '@atrium/common/rules/countries';
import { invoiceFigures, type InvoiceFigures } from '@atrium/common/rules/tax';
import { money } from '../../components/coursePrice.ts';

/**
 * What the buyer will pay, said before they commit, from the rule the invoice itself is issued by
 * (`invoiceFigures`, common/src/rules/tax.ts): the price before VAT, the VAT line and the total
 * where VAT applies; plainly "no tax is added" where it does not. The buyer's country decides
 * (the invoice form's, else the browser's region); until it is known both cases are said.
 * A card payment charges the course price as it stands (server/src/commands/checkout.ts:
 * startCardPayment): no tax is added to it, and the card form says so.
 */
export interface CheckoutTax {
  /** The invoice's figures for this country (net, tax, gross, label), or null when the country is not known. */
  figures: InvoiceFigures | null;
  /** Lines of the summary: label and amount as written. */
  lines: Array<{ label: string; amount: string; total?: boolean }>;
  /** One or two plain sentences on the tax that applies. */
  statement: string;
  /** What a card payment adds to its amount (nothing), said as it is: "with no VAT added". */
  cardNote: string;
  /** The tax-number field of the invoice form. */
  taxNumber: { label: string; hint: string };
}

export function checkoutTax(amount: number, currency: string, country: string, vatNumber: string): CheckoutTax {
  const written = (minor: number) => money(minor, currency);
  if (!country) {
    const uk = invoiceFigures(amount, null, 'GB', null);
    return {
      figures: null,
      lines: [{ label: 'Price, before any VAT', amount: written(amount), total: true }],
      statement: `Tax depends on your school's country: a UK school's invoice adds ${uk.label} (${written(uk.tax)}, ${written(uk.gross)} in all); schools elsewhere pay no tax on top.`,
      cardNote: 'with no tax added',
      taxNumber: { label: 'VAT or tax-exemption number (optional)', hint: 'Choose the country first: it decides the tax on the invoice.' },
    };
  }
  const figures = invoiceFigures(amount, null, country, vatNumber.trim() || null);
  const name = countryName(country) ?? country;
  if (figures.case === 'uk') {
    return {
      figures,
      lines: [
        { label: 'Price, before VAT', amount: written(figures.net) },
        { label: figures.label, amount: written(figures.tax) },
        { label: 'Total on the invoice', amount: written(figures.gross), total: true },
      ],
      statement: `UK schools pay VAT: the invoice adds ${figures.label} to the price.`,
      cardNote: 'with no VAT added: for a VAT invoice, pay by invoice instead',
      taxNumber: { label: 'VAT number (optional)', hint: 'Printed on the invoice if you give it; it does not change the VAT charged.' },
    };
  }
  const total = [{ label: 'Total', amount: written(figures.gross), total: true }];
  if (figures.case === 'eu-reverse-charge' || figures.case === 'eu-no-vat-number') {
    return {
      figures,
      lines: total,
      statement:
        figures.case === 'eu-reverse-charge'
          ? `No VAT is added for a school in ${name} with a VAT number: the invoice is reverse-charged (your school accounts for the VAT).`
          : `No UK VAT is added for a school in ${name}. With your school's VAT number the invoice is reverse-charged instead.`,
      cardNote: 'with no VAT added',
      taxNumber: { label: 'VAT number (optional)', hint: 'With a VAT number the invoice is reverse-charged (no VAT added), e.g. DE123456789.' },
    };
  }
  if (country === 'US') {
    return {
      figures,
      lines: total,
      statement: 'No sales tax is added: we are a UK business and charge no US sales tax, so the invoice is for the price alone.',
      cardNote: 'with no sales tax added',
      taxNumber: {
        label: 'Sales-tax exemption number (optional)',
        hint: 'Not needed, as no sales tax is charged. Give it only if your finance office wants it printed on the invoice.',
      },
    };
  }
  return {
    figures,
    lines: total,
    statement: `No tax is added for a school in ${name}: the invoice is for the price alone.`,
    cardNote: 'with no tax added',
    taxNumber: {
      label: 'Tax number (optional)',
      hint: 'Not needed, as no tax is charged. Give it only if your finance office wants a registration or exemption number on the invoice.',
    },
  };
}

import { describe, expect, it } from 'vitest';
import { applyTax, discountedLines, discountOff, invoiceFigures, isVatNumberShape, normaliseVatNumber, TAX_RULES, taxCaseFor } from './tax.ts';

describe('the tax table', () => {
  it('charges a UK buyer 20 % VAT, rounded to the penny', () => {
    expect(applyTax(49900, 'GB', null)).toMatchObject({ case: 'uk', net: 49900, tax: 9980, gross: 59880, label: 'VAT at 20%', note: null });
    expect(applyTax(49900, 'GB', 'GB123456789').tax).toBe(9980);
    expect(applyTax(1999, 'GB', null)).toMatchObject({ tax: 400, gross: 2399 });
  });

  it('reverse-charges an EU buyer with a VAT number, saying so', () => {
    const taxed = applyTax(54900, 'DE', 'DE123456789');
    expect(taxed).toMatchObject({ case: 'eu-reverse-charge', tax: 0, gross: 54900 });
    expect(taxed.note).toMatch(/^Reverse charge/);
  });

  it('charges no UK VAT to an EU buyer without a VAT number', () => {
    expect(applyTax(54900, 'FR', null)).toMatchObject({ case: 'eu-no-vat-number', tax: 0, gross: 54900, note: 'Outside the scope of UK VAT.' });
  });

  it('charges nothing outside the UK and the EU, tax-exemption number or not', () => {
    expect(applyTax(59900, 'US', null)).toMatchObject({ case: 'outside', tax: 0, gross: 59900 });
    expect(applyTax(59900, 'US', 'EX-123')).toMatchObject({ case: 'outside', tax: 0 });
    expect(taxCaseFor('CH', null)).toBe('outside');
    expect(taxCaseFor('NO', 'NO123')).toBe('outside');
  });

  it('has one rule per case, and only the UK rate is above zero', () => {
    expect(
      Object.entries(TAX_RULES)
        .filter(([, rule]) => rule.rateBasisPoints > 0)
        .map(([name]) => name),
    ).toEqual(['uk']);
  });
});

describe('VAT number shapes', () => {
  it.each([
    ['GB123456789', 'GB'],
    ['GB123456789012', 'GB'],
    ['GBGD001', 'GB'],
    ['XI123456789', 'GB'],
    ['DE123456789', 'DE'],
    ['FR12345678901', 'FR'],
    ['IE6388047V', 'IE'],
    ['NL123456789B01', 'NL'],
    ['ATU12345678', 'AT'],
    ['EL123456789', 'GR'],
    ['ESX1234567X', 'ES'],
  ])('accepts %s from %s', (number, country) => {
    expect(isVatNumberShape(number, country)).toBe(true);
    expect(isVatNumberShape(number)).toBe(true);
  });

  it.each([
    ['GB12345678', 'GB'],
    ['DE12345678', 'DE'],
    ['DE123456789', 'FR'],
    ['GR123456789', 'GR'],
    ['NL123456789', 'NL'],
    ['123456789', 'GB'],
    ['US123456789', null],
  ])('refuses %s from %s', (number, country) => {
    expect(isVatNumberShape(number, country)).toBe(false);
  });

  it('reads numbers as people type them', () => {
    expect(normaliseVatNumber('gb 123 4567 89')).toBe('GB123456789');
    expect(normaliseVatNumber('DE-123.456.789')).toBe('DE123456789');
  });
});

describe('discounts on an invoice', () => {
  it('takes 10% off £499 before VAT: £449.10 net, £89.82 VAT, £538.92 due', () => {
    expect(invoiceFigures(49900, { kind: 'percent', value: 10 }, 'GB', null)).toMatchObject({
      price: 49900,
      discount: 4990,
      net: 44910,
      tax: 8982,
      gross: 53892,
      label: 'VAT at 20%',
    });
  });

  it('rounds a percentage half up to the penny, as tax is: 15% off £199.99 is £30.00', () => {
    // 19999 × 15 % = 2999.85 → 3000; VAT on 16999 is 3399.8 → 3400.
    expect(invoiceFigures(19999, { kind: 'percent', value: 15 }, 'GB', null)).toMatchObject({ discount: 3000, net: 16999, tax: 3400, gross: 20399 });
    // 12.5 p rounds up: 2.5 % of 500 p.
    expect(discountOff(500, { kind: 'percent', value: 2.5 })).toBe(13);
  });

  it('takes an amount off as agreed, never more than the price, and charges no tax where none applies', () => {
    expect(invoiceFigures(59900, { kind: 'amount', value: 10000 }, 'US', null)).toMatchObject({ discount: 10000, net: 49900, tax: 0, gross: 49900 });
    expect(invoiceFigures(49900, { kind: 'percent', value: 100 }, 'GB', null)).toMatchObject({ net: 0, tax: 0, gross: 0 });
    expect(discountOff(49900, { kind: 'amount', value: 60000 })).toBe(49900);
  });

  it('changes nothing without a discount', () => {
    expect(invoiceFigures(49900, null, 'GB', null)).toEqual({ ...applyTax(49900, 'GB', null), price: 49900, discount: 0 });
  });

  it('prints the price and a discount line that add up to the invoice, rounding included', () => {
    const invoice = invoiceFigures(19999, { kind: 'percent', value: 15 }, 'GB', null);
    const lines = discountedLines(19999, invoice, invoice.rateBasisPoints);
    // £199.99 + £40.00 VAT = £239.99; the discount line is what takes it to £203.99.
    expect(lines).toEqual({ price: { net: 19999, tax: 4000, gross: 23999 }, discount: { net: -3000, tax: -600, gross: -3600 } });
    expect(lines.price.gross + lines.discount.gross).toBe(invoice.gross);
  });
});

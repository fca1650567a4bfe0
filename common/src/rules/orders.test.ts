import { describe, expect, it } from 'vitest';
import { orderReference, purchaseOrderLabel } from './orders.ts';

describe('orderReference', () => {
  it('reads as a reference, not a row number', () => {
    expect(orderReference(1)).toBe('ORD-000001');
    expect(orderReference(2291)).toBe('ORD-002291');
    expect(orderReference(1234567)).toBe('ORD-1234567');
  });
});

describe('purchaseOrderLabel', () => {
  it('labels a bare number once', () => {
    expect(purchaseOrderLabel('2291')).toBe('PO 2291');
    expect(purchaseOrderLabel(' FIN/24/77 ')).toBe('PO FIN/24/77');
  });

  it('keeps a number that already says PO as it is', () => {
    expect(purchaseOrderLabel('PO-2291')).toBe('PO-2291');
    expect(purchaseOrderLabel('PO 2291')).toBe('PO 2291');
    expect(purchaseOrderLabel('po2291')).toBe('po2291');
    expect(purchaseOrderLabel('P.O. 2291')).toBe('P.O. 2291');
  });

  it('does not mistake a word starting with "po" for the label', () => {
    expect(purchaseOrderLabel('Portsmouth-12')).toBe('PO Portsmouth-12');
  });
});

import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminOrderDto, SalesTotalsDto } from '@atrium/common';
import { admin, mockApi, ok, publicConfig } from '../../test/api.ts';
import { renderScene } from '../../test/render.tsx';
import { IssueInvoiceDialog } from './IssueInvoiceDialog.tsx';

// Issue 34 #5: without payment details the invoice cannot say how to pay; the admin is told before issuing.

const order: AdminOrderDto = {
  id: 5,
  reference: 'ORD-000005',
  userId: 9,
  courseId: 1,
  courseTitle: 'Smartphone Photography',
  schoolName: "St Mary's Primary",
  billingEmail: 'office@stmarys.sch.uk',
  purchaseOrderNumber: null,
  amount: 49900,
  currency: 'GBP',
  status: 'requested',
  createdAt: '2026-01-10T10:00:00.000Z',
  paidAt: null,
  buyerEmail: 'head@stmarys.sch.uk',
  buyerName: 'Helen Head',
};
const totals = (paymentDetailsConfigured: boolean): SalesTotalsDto => ({
  currencies: [],
  invoicing: { sellerConfigured: true, paymentDetailsConfigured },
});

function open(paymentDetailsConfigured: boolean) {
  mockApi({ 'GET /api/user': ok(admin), 'GET /api/config': ok(publicConfig), 'GET /api/admin/sales': ok(totals(paymentDetailsConfigured)) });
  renderScene(<IssueInvoiceDialog order={order} onOpenChange={() => undefined} />);
}

describe('IssueInvoiceDialog: payment details', () => {
  it('warns before issuing when no payment details are set up', async () => {
    open(false);
    const warning = await screen.findByRole('note', { name: 'No payment details' }, { timeout: 5000 });
    expect(warning).toHaveTextContent('No payment details are set up');
    expect(warning).toHaveTextContent('INVOICE_PAYMENT_DETAILS');
    expect(warning).toHaveTextContent('office@stmarys.sch.uk');
    expect(screen.getByRole('button', { name: 'Issue invoice' })).toBeEnabled();
  });

  it('says nothing when they are', async () => {
    open(true);
    expect(await screen.findByRole('form', { name: 'Issue invoice' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('note', { name: 'No payment details' })).not.toBeInTheDocument();
  });
});

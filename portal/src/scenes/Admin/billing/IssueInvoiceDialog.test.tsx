import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminOrderDto, OrderDiscountDto, SalesTotalsDto } from '@atrium/common';
import { SALES_KEY } from '../../../api/adminSales.ts';
import { admin, fail, mockApi, ok, publicConfig } from '../../../test/api.ts';
import { renderScene } from '../../../test/render.tsx';
import { IssueInvoiceDialog } from './IssueInvoiceDialog.tsx';
import { LONG_TEST_MS } from '../../../test/limits.ts';

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
  return renderScene(<IssueInvoiceDialog order={order} onOpenChange={() => undefined} />);
}

describe('IssueInvoiceDialog: payment details', () => {
  it('warns before issuing when no payment details are set up', async () => {
    open(false);
    const warning = await screen.findByRole('note', { name: 'No payment details' });
    expect(warning).toHaveTextContent('No payment details are set up');
    expect(warning).toHaveTextContent('INVOICE_PAYMENT_DETAILS');
    expect(warning).toHaveTextContent('office@stmarys.sch.uk');
    expect(screen.getByRole('button', { name: 'Issue invoice' })).toBeEnabled();
  });

  it('says nothing when they are', async () => {
    const { queryClient } = open(true);
    expect(await screen.findByRole('form', { name: 'Issue invoice' })).toBeInTheDocument();
    // The warning would follow the sales totals' answer: wait for it, however slow the machine.
    await waitFor(() => expect(queryClient.getQueryState(SALES_KEY)?.status).toBe('success'));
    expect(screen.queryByRole('note', { name: 'No payment details' })).not.toBeInTheDocument();
  });
});

// Issue 34 #4: an admin agrees a discount (percent or amount, with a reason) before issuing, and
// the totals show what the invoice will say.

const tenPercent: OrderDiscountDto = {
  kind: 'percent',
  value: 10,
  reason: 'A trust of five schools',
  amountOff: 4990,
  net: 44910,
  setAt: '2026-01-11T10:00:00.000Z',
};
const inGb = { ...order, country: 'GB' };

function openWith(shown: AdminOrderDto, answers: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ 'GET /api/user': ok(admin), 'GET /api/config': ok(publicConfig), 'GET /api/admin/sales': ok(totals(true)), ...answers });
  renderScene(<IssueInvoiceDialog order={shown} onOpenChange={() => undefined} />);
  return api;
}

describe('IssueInvoiceDialog: discount', () => {
  it(
    'adds a percentage with its reason, each problem beside its field, and previews the discounted totals',
    async () => {
      const api = openWith(inGb, {
        'PUT /api/admin/orders/5/discount': ({ body }) => ok({ ...inGb, discount: { ...tenPercent, ...(body as object) } }),
      });
      expect(await screen.findByLabelText('Invoice totals')).toHaveTextContent('£598.80');
      await userEvent.click(screen.getByRole('button', { name: 'Add discount' }));
      const form = screen.getByRole('form', { name: 'Discount' });
      await userEvent.click(within(form).getByRole('button', { name: 'Save discount' }));
      expect(within(form).getByRole('textbox', { name: /Percentage off/ })).toHaveAccessibleDescription(/whole number/);
      expect(within(form).getByRole('textbox', { name: /Reason/ })).toHaveAccessibleDescription(/Say why the discount is given/);
      expect(api.callsTo('PUT', '/api/admin/orders/5/discount')).toHaveLength(0);

      await userEvent.type(within(form).getByRole('textbox', { name: /Percentage off/ }), '10');
      await userEvent.type(within(form).getByRole('textbox', { name: /Reason/ }), 'A trust of five schools');
      expect(form).toHaveTextContent('23 / 200 characters');
      await userEvent.click(within(form).getByRole('button', { name: 'Save discount' }));
      await waitFor(() => expect(api.callsTo('PUT', '/api/admin/orders/5/discount')).toHaveLength(1));
      expect(api.callsTo('PUT', '/api/admin/orders/5/discount')[0]?.body).toEqual({ kind: 'percent', value: 10, reason: 'A trust of five schools' });

      const discount = await screen.findByRole('region', { name: 'Discount' });
      expect(discount).toHaveTextContent('Discount: 10% off (−£49.90) · A trust of five schools');
      const totals = screen.getByLabelText('Invoice totals');
      for (const figure of ['Price£499.00', 'Discount (10% off)−£49.90', 'Net£449.10', 'VAT at 20%£89.82', 'Total£538.92'])
        expect(totals).toHaveTextContent(figure);
    },
    LONG_TEST_MS,
  );

  it(
    'takes an amount in the currency, shows the server’s limit beside the field, and refuses a reason over 200 characters',
    async () => {
      const api = openWith(inGb, {
        'PUT /api/admin/orders/5/discount': ({ body }) =>
          (body as { value: number }).value > 49900
            ? {
                status: 400,
                body: {
                  message: "The discount is more than the order's price (£499.00)",
                  id: 'bad_request',
                  errors: { value: "At most £499.00, the order's price" },
                },
              }
            : ok({ ...inGb, discount: { ...tenPercent, kind: 'amount', value: 4990 } }),
      });
      await userEvent.click(await screen.findByRole('button', { name: 'Add discount' }));
      const form = screen.getByRole('form', { name: 'Discount' });
      await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Kind of discount' }), 'amount');
      const value = within(form).getByRole('textbox', { name: /Amount off \(GBP\)/ });
      await userEvent.type(value, 'fifty');
      // Pasted: typing 201 keys one by one is slow on a busy machine.
      await userEvent.click(within(form).getByRole('textbox', { name: /Reason/ }));
      await userEvent.paste('x'.repeat(201));
      expect(form).toHaveTextContent('201 / 200 characters (1 over the limit)');
      await userEvent.click(within(form).getByRole('button', { name: 'Save discount' }));
      expect(value).toHaveAccessibleDescription(/Enter the amount in GBP, for example 50 or 49.90/);
      expect(within(form).getByRole('textbox', { name: /Reason/ })).toHaveAccessibleDescription(/Reason can be at most 200 characters/);
      expect(api.callsTo('PUT', '/api/admin/orders/5/discount')).toHaveLength(0);

      await userEvent.clear(value);
      await userEvent.type(value, '600');
      await userEvent.clear(within(form).getByRole('textbox', { name: /Reason/ }));
      await userEvent.type(within(form).getByRole('textbox', { name: /Reason/ }), 'Pilot');
      await userEvent.click(within(form).getByRole('button', { name: 'Save discount' }));
      await waitFor(() => expect(value).toHaveAccessibleDescription(/At most £499.00, the order's price/));

      await userEvent.clear(value);
      await userEvent.type(value, '49.90');
      await userEvent.click(within(form).getByRole('button', { name: 'Save discount' }));
      await waitFor(() => expect(api.callsTo('PUT', '/api/admin/orders/5/discount')).toHaveLength(2));
      expect(api.callsTo('PUT', '/api/admin/orders/5/discount')[1]?.body).toEqual({ kind: 'amount', value: 4990, reason: 'Pilot' });
      expect(await screen.findByLabelText('Invoice totals')).toHaveTextContent('Net£449.10');
    },
    LONG_TEST_MS,
  );

  it('removes a discount, and the totals go back to the price', async () => {
    const api = openWith({ ...inGb, discount: tenPercent }, { 'DELETE /api/admin/orders/5/discount': ok({ ...inGb, discount: null }) });
    expect(await screen.findByLabelText('Invoice totals')).toHaveTextContent('Total£538.92');
    await userEvent.click(screen.getByRole('button', { name: 'Remove discount' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/admin/orders/5/discount')).toHaveLength(1));
    await waitFor(() => expect(screen.getByLabelText('Invoice totals')).toHaveTextContent('Total£598.80'));
    expect(screen.getByLabelText('Invoice totals')).not.toHaveTextContent('Discount');
    expect(screen.getByRole('button', { name: 'Add discount' })).toBeInTheDocument();
  });
});

describe('IssueInvoiceDialog: a refusal', () => {
  it('is said inside the dialog with the details kept; one that names a field is said on it', async () => {
    let answer: { status: number; body: unknown } = fail(409, 'This order already has an invoice.');
    openWith(inGb, { 'POST /api/admin/orders/5/invoice': () => answer });
    const dialog = await screen.findByRole('dialog', { name: 'Issue invoice' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Billing address' }), '1 Church Lane');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Issue invoice' }));
    expect(await within(dialog).findByText('This order already has an invoice.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Billing address' })).toHaveValue('1 Church Lane');

    answer = { status: 400, body: { message: 'Invalid input', id: 'validation_failed', errors: { vatNumber: 'That is not a VAT number' } } };
    await userEvent.click(within(dialog).getByRole('button', { name: 'Issue invoice' }));
    expect(await within(dialog).findByText('That is not a VAT number')).toBeInTheDocument();
    expect(within(dialog).queryByText('This order already has an invoice.')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Invalid input')).not.toBeInTheDocument();
  });
});

import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { AdminOrderDto, OrderDiscountDto } from '@atrium/common';
import { portalTheme } from '../../../../../storybook/portalDecorators.tsx';
import { overPanel, panelSlot } from '../../../../../storybook/portalFixtures.tsx';
import { IssueInvoiceView } from './IssueInvoiceView.tsx';

const order: AdminOrderDto = {
  id: 5,
  reference: 'ORD-000005',
  userId: 9,
  courseId: 1,
  courseTitle: 'Smartphone Photography for School Marketing',
  schoolName: "St Mary's Primary",
  billingEmail: 'office@stmarys.sch.uk',
  purchaseOrderNumber: 'PO-2291',
  amount: 49900,
  currency: 'GBP',
  status: 'requested',
  createdAt: '2026-11-10T10:00:00.000Z',
  paidAt: null,
  buyerEmail: 'head@stmarys.sch.uk',
  buyerName: 'Helen Head',
  country: 'GB',
  billingAddress: "St Mary's Primary School\n1 Church Lane\nYork YO1 7HH",
};

const tenPercent: OrderDiscountDto = {
  kind: 'percent',
  value: 10,
  reason: 'A trust of five schools',
  amountOff: 4990,
  net: 44910,
  setAt: '2026-11-11T10:00:00.000Z',
};

const meta = {
  title: 'Portal/Admin/IssueInvoiceView',
  component: IssueInvoiceView,
  // The dialog opens over the sales panel's orders, which its scrim dims.
  decorators: [overPanel('sales', 'Sales', 'Orders awaiting an invoice or payment, and card payments.'), portalTheme],
  parameters: { route: '/admin' },
  args: {
    order,
    onOpenChange: fn(),
    discount: null,
    // The discount's panel is a container of its own, with its own form and saving.
    discountPanel: panelSlot('discount', 'Discount', 'None agreed. Add one before issuing: a percentage or an amount, with a reason.'),
    paymentDetailsConfigured: true,
    issuing: false,
    refusal: null,
    onIssue: fn(),
  },
} satisfies Meta<typeof IssueInvoiceView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A UK school's order: its address filled in, VAT at 20 % in the totals. */
export const Ready: Story = {};

/** A discount agreed with the school: the totals show the price, the discount and what is left. */
export const Discounted: Story = {
  args: {
    discount: tenPercent,
    discountPanel: panelSlot('discount', 'Discount: 10% off (−£49.90)', 'A trust of five schools'),
  },
};

/** No country yet: no totals until the buyer's country is chosen. */
export const NoCountry: Story = { args: { order: { ...order, country: null, billingAddress: null } } };

/** The server has no payment details to print: the admin is told before issuing. */
export const NoPaymentDetails: Story = { args: { paymentDetailsConfigured: false } };

/** Issuing: neither button can be pressed. */
export const Issuing: Story = { args: { issuing: true } };

/** Refused with no field to blame: the server's sentence above the buttons, the details kept. */
export const Refused: Story = { args: { refusal: 'This order already has an invoice.' } };

import { useState } from 'react';
import styled from 'styled-components';
import type { AdminOrderDto, AdminPaymentDto } from '@atrium/common';
import { formatInstantDate } from '@atrium/common/rules/dates';
import { purchaseOrderLabel } from '@atrium/common/rules/orders';
import { useAdminOrders, useAdminPayments, useMarkOrderPaid } from '../../../api/adminInbox.ts';
import { errorText } from '../../../api/client.ts';
import { Badge, type BadgeTone } from '../../../components/Badge.tsx';
import { Button } from '../../../components/Button.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { formatRelativeTime } from '@atrium/common/rules/dates';
import { money } from '../../../components/coursePrice.ts';
import { IssueInvoiceDialog } from './IssueInvoiceDialog.tsx';
import { discountLabel } from './OrderDiscount.tsx';
import { SalesTotals } from './SalesTotals.tsx';
import { useToast } from '../../../components/toast/Toaster.tsx';
import { Muted, Panel, PanelHeader, RowList } from '../../../components/Panel.ts';
import { QueryState } from '../../../components/QueryState.tsx';

const ORDER_TONE: Record<string, BadgeTone> = { requested: 'warning', paid: 'success', cancelled: 'neutral' };
const ORDER_LABEL: Record<string, string> = { requested: 'Awaiting payment', paid: 'Paid', cancelled: 'Cancelled' };

/** What a card payment's state means to an admin, refunds included. */
function paymentState(payment: AdminPaymentDto): { label: string; tone: BadgeTone } {
  if (payment.amountRefunded > 0 && payment.amountRefunded >= payment.amount) return { label: 'Refunded', tone: 'neutral' };
  if (payment.amountRefunded > 0) return { label: `Partly refunded (${money(payment.amountRefunded, payment.currency)})`, tone: 'warning' };
  if (payment.status === 'succeeded') return { label: 'Paid', tone: 'success' };
  if (payment.status === 'refunded') return { label: 'Refunded', tone: 'neutral' };
  if (payment.status === 'processing') return { label: 'Processing', tone: 'accent' };
  if (payment.status === 'failed' || payment.status === 'requires_payment_method') return { label: 'Failed', tone: 'warning' };
  if (payment.status === 'canceled') return { label: 'Cancelled', tone: 'neutral' };
  return { label: payment.status.replace(/_/g, ' '), tone: 'neutral' };
}

/** Invoice orders (Mark as paid enrolls the buyer) and card payments. */
export function SalesPanel() {
  return (
    <Panel aria-labelledby="sales-title">
      <PanelHeader>
        <h2 id="sales-title">Orders &amp; payments</h2>
      </PanelHeader>
      <SalesTotals />
      <Columns>
        <OrdersList />
        <PaymentsList />
      </Columns>
    </Panel>
  );
}

function OrdersList() {
  const orders = useAdminOrders();
  const markPaid = useMarkOrderPaid();
  const { toast } = useToast();
  const [pending, setPending] = useState<AdminOrderDto | null>(null);
  // By id, so the dialog shows the order as last read (a discount changed in it included).
  const [invoicingId, setInvoicingId] = useState<number | null>(null);
  const rows = orders.data?.pages.flatMap((page) => page.items) ?? [];
  const invoicing = rows.find((order) => order.id === invoicingId) ?? null;

  const confirm = () => {
    if (!pending) return;
    const order = pending;
    markPaid.mutate(order.id, {
      onSuccess: () => {
        setPending(null);
        toast({ title: 'Order marked as paid', description: `${order.buyerName} is now enrolled in ${order.courseTitle}.`, variant: 'success' });
      },
      onError: (error) => {
        setPending(null);
        toast({ title: 'Update failed', description: errorText(error, 'The order could not be marked as paid.'), variant: 'destructive' });
      },
    });
  };

  return (
    <section aria-labelledby="orders-title">
      <H3 id="orders-title">Invoice orders</H3>
      <QueryState
        read={orders}
        size="panel"
        loading="Loading the orders"
        failed="The orders could not be loaded."
        isEmpty={() => rows.length === 0}
        empty="No invoice requests yet."
      >
        {() => (
          <RowList aria-label="Invoice orders">
            {rows.map((order) => (
              <Row key={order.id}>
                <Line>
                  <strong>
                    {order.reference} · {order.courseTitle}
                  </strong>
                  <Amount>
                    {order.discount ? <Was>{money(order.amount, order.currency)}</Was> : null}
                    {money(order.discount?.net ?? order.amount, order.currency)}
                  </Amount>
                </Line>
                {order.discount ? (
                  <Muted as="p">
                    <Badge $tone="accent">Discount</Badge> {discountLabel(order.discount, order.currency)} (−{money(order.discount.amountOff, order.currency)}):{' '}
                    {order.discount.reason}
                  </Muted>
                ) : null}
                <Muted as="p">
                  {order.trustId ? `${order.schoolName} (trust: every school)` : order.schoolName} · invoice to {order.billingEmail}
                  {order.purchaseOrderNumber ? ` · ${purchaseOrderLabel(order.purchaseOrderNumber)}` : ''}
                  {order.country ? ` · ${order.country}` : ''}
                </Muted>
                {order.invoice ? (
                  <Muted as="p">
                    Invoice{' '}
                    <a href={`/api/orders/${order.id}/invoice.pdf`} target="_blank" rel="noreferrer">
                      {order.invoice.number} (PDF)
                    </a>{' '}
                    · {money(order.invoice.gross, order.invoice.currency)} incl. {money(order.invoice.tax, order.invoice.currency)} tax
                  </Muted>
                ) : null}
                <Line>
                  <span>
                    <Badge $tone={ORDER_TONE[order.status] ?? 'neutral'}>{ORDER_LABEL[order.status] ?? order.status}</Badge>{' '}
                    <Muted>
                      <time dateTime={order.createdAt} title={formatInstantDate(order.createdAt)}>
                        {formatRelativeTime(order.createdAt)}
                      </time>{' '}
                      by {order.buyerName}
                    </Muted>
                  </span>
                  <RowButtons>
                    {!order.invoice && order.status !== 'cancelled' ? (
                      <Button size="sm" variant="secondary" onClick={() => setInvoicingId(order.id)} aria-label={`Issue invoice: order ${order.reference}`}>
                        Issue invoice
                      </Button>
                    ) : null}
                    {order.status === 'requested' ? (
                      <Button size="sm" variant="secondary" onClick={() => setPending(order)} aria-label={`Mark as paid: order ${order.reference}`}>
                        Mark as paid
                      </Button>
                    ) : null}
                  </RowButtons>
                </Line>
              </Row>
            ))}
          </RowList>
        )}
      </QueryState>
      {orders.hasNextPage ? (
        <Button variant="ghost" size="sm" onClick={() => void orders.fetchNextPage()} disabled={orders.isFetchingNextPage}>
          Show older orders
        </Button>
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        title="Mark this order as paid?"
        description={
          pending
            ? `Order ${pending.reference} (${money(pending.discount?.net ?? pending.amount, pending.currency)}, ${pending.schoolName}) will be marked as paid and ${pending.trustId ? `every school of ${pending.schoolName} licensed for` : `${pending.buyerName} enrolled in`} ${pending.courseTitle}.`
            : ''
        }
        confirmLabel="Mark as paid"
        tone="primary"
        busyLabel="Saving…"
        busy={markPaid.isPending}
        onConfirm={confirm}
      />
      <IssueInvoiceDialog
        order={invoicing}
        onOpenChange={(open) => {
          if (!open) setInvoicingId(null);
        }}
      />
    </section>
  );
}

function PaymentsList() {
  const payments = useAdminPayments();
  const rows = payments.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby="payments-title">
      <H3 id="payments-title">Card payments</H3>
      <QueryState
        read={payments}
        size="panel"
        loading="Loading the payments"
        failed="The payments could not be loaded."
        isEmpty={() => rows.length === 0}
        empty="No card payments yet."
      >
        {() => (
          <RowList aria-label="Card payments">
            {rows.map((payment) => {
              const state = paymentState(payment);
              return (
                <Row key={payment.id}>
                  <Line>
                    <strong>{payment.courseTitle ?? 'Deleted course'}</strong>
                    <Amount>{money(payment.amount, payment.currency)}</Amount>
                  </Line>
                  <Line>
                    <span>
                      <Badge $tone={state.tone}>{state.label}</Badge>{' '}
                      <Muted>
                        {payment.buyerEmail} ·{' '}
                        <time dateTime={payment.createdAt} title={formatInstantDate(payment.createdAt)}>
                          {formatRelativeTime(payment.createdAt)}
                        </time>
                      </Muted>
                    </span>
                  </Line>
                  {payment.failureMessage ? <Muted as="p">{payment.failureMessage}</Muted> : null}
                  {payment.status === 'succeeded' ? (
                    <Muted as="p">
                      <a href={`/api/admin/payments/${payment.id}/receipt.pdf`} target="_blank" rel="noreferrer">
                        Receipt (PDF)
                      </a>
                    </Muted>
                  ) : null}
                </Row>
              );
            })}
          </RowList>
        )}
      </QueryState>
      {payments.hasNextPage ? (
        <Button variant="ghost" size="sm" onClick={() => void payments.fetchNextPage()} disabled={payments.isFetchingNextPage}>
          Show older payments
        </Button>
      ) : null}
    </section>
  );
}

const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};

  @media (min-width: 900px) {
    grid-template-columns: 1fr 1fr;
  }
`;

const H3 = styled.h3`
  margin-bottom: ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.fontSize.lg};
`;

const Row = styled.li`
  display: grid;
  gap: ${({ theme }) => theme.space.xxs};
  padding: ${({ theme }) => theme.space.sm} 0;
`;

const Line = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.xs};
  min-width: 0;

  strong {
    font-weight: 600;
    overflow-wrap: anywhere;
  }
`;

const RowButtons = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
`;

const Amount = styled.span`
  font-weight: 600;
  font-variant-numeric: tabular-nums;
`;

/** The price before the discount, struck through beside what the school pays. */
const Was = styled.s`
  margin-right: ${({ theme }) => theme.space.xs};
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: 400;
`;

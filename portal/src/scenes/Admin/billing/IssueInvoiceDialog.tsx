import { useState } from 'react';
import type { AdminOrderDto, OrderDiscountDto } from '@atrium/common/api/payments';
import { useIssueInvoice, useSalesTotals } from '../../../api/adminSales.ts';
import { errorText } from '../../../api/client.ts';
import { money } from '../../../components/coursePrice.ts';
import { useToast } from '../../../components/toast/Toaster.tsx';
import { IssueInvoiceView } from './IssueInvoiceView.tsx';
import { OrderDiscount } from './OrderDiscount.tsx';

/** Issues an order's invoice and says so, with the order's discount panel: draws IssueInvoiceView. */
export function IssueInvoiceDialog({ order, onOpenChange }: { order: AdminOrderDto | null; onOpenChange(open: boolean): void }) {
  const issue = useIssueInvoice();
  const invoicing = useSalesTotals().data?.invoicing;
  const { toast } = useToast();
  // The discount as changed in this dialog (its panel saves it), else the order's own.
  const [changed, setChanged] = useState<{ orderId: number; discount: OrderDiscountDto | null } | null>(null);
  const discount = order ? (changed?.orderId === order.id ? changed.discount : (order.discount ?? null)) : null;
  // A refusal that named the form's fields is said on them; any other is said above the buttons.
  const [onFields, setOnFields] = useState(false);
  const refusal = issue.error && !onFields ? errorText(issue.error, 'The invoice was not issued. Please try again.') : null;

  return (
    <IssueInvoiceView
      order={order}
      onOpenChange={(open) => {
        // Each opening starts without the last one's refusal.
        if (!open) issue.reset();
        onOpenChange(open);
      }}
      discount={discount}
      discountPanel={order ? <OrderDiscount order={order} discount={discount} onChange={(next) => setChanged({ orderId: order.id, discount: next })} /> : null}
      paymentDetailsConfigured={invoicing ? invoicing.paymentDetailsConfigured : null}
      issuing={issue.isPending}
      refusal={refusal}
      onIssue={(details, showOnFields) => {
        if (!order) return;
        issue.mutate(
          { id: order.id, details },
          {
            onSuccess: (issued) => {
              toast({
                title: `Invoice ${issued.invoice?.number ?? ''} issued`,
                description: `${order.schoolName}: ${money(issued.invoice?.gross ?? 0, order.currency)}`,
                variant: 'success',
              });
              issue.reset();
              onOpenChange(false);
            },
            onError: (error) => setOnFields(showOnFields(error)),
          },
        );
      }}
    />
  );
}

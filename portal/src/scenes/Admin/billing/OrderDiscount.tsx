import { useState } from 'react';
import styled from 'styled-components';
import type { AdminOrderDto, OrderDiscountDto } from '@atrium/common/api/payments';
import { poundsToPence } from '@atrium/common/rules/money';
import { DISCOUNT_REASON_MAX, type DiscountKind } from '@atrium/common/rules/tax';
import { orderDiscountSchema } from '@atrium/common/schemas/prices';
import { useRemoveOrderDiscount, useSetOrderDiscount } from '../../../api/adminSales.ts';
import { errorText } from '../../../api/client.ts';
import { Button } from '../../../components/Button.tsx';
import { CharacterCount } from '../../../components/CharacterCount.tsx';
import { money } from '../../../components/coursePrice.ts';
import { Form, TextAreaField, TextField } from '../../../components/Field.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { useToast } from '../../../components/toast/Toaster.tsx';
import { useForm } from '../../../components/useForm.ts';

/** "10% off" or "£50.00 off": how a discount is named beside its reason. */
export function discountLabel(discount: OrderDiscountDto, currency: string): string {
  return discount.kind === 'percent' ? `${discount.value}% off` : `${money(discount.value, currency)} off`;
}

/**
 * A discount agreed with the school before its invoice is issued: added, changed or removed
 * here (the server refuses once the invoice is issued). What it changes shows in the dialog's
 * totals at once, since `onChange` hands the issue form the order's new discount.
 */
export function OrderDiscount({
  order,
  discount,
  onChange,
}: {
  order: AdminOrderDto;
  discount: OrderDiscountDto | null;
  onChange(discount: OrderDiscountDto | null): void;
}) {
  const [editing, setEditing] = useState(false);
  const remove = useRemoveOrderDiscount();
  const { toast } = useToast();

  if (editing) {
    return (
      <DiscountForm
        order={order}
        discount={discount}
        onDone={(saved) => {
          if (saved !== undefined) onChange(saved);
          setEditing(false);
        }}
      />
    );
  }
  if (!discount) {
    return (
      <Box aria-label="Discount">
        <Muted>No discount. For several schools or a trust you may agree one; it is printed on the invoice with its reason.</Muted>
        <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
          Add discount
        </Button>
      </Box>
    );
  }
  return (
    <Box aria-label="Discount">
      <p>
        <strong>Discount: {discountLabel(discount, order.currency)}</strong> (−{money(discount.amountOff, order.currency)}) · {discount.reason}
      </p>
      <Buttons>
        <Button size="sm" variant="secondary" onClick={() => setEditing(true)} disabled={remove.isPending}>
          Change discount
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(order.id, {
              onSuccess: (updated) => {
                onChange(updated.discount ?? null);
                toast({ title: 'Discount removed', description: `${order.reference} is back to ${money(order.amount, order.currency)}.`, variant: 'success' });
              },
              onError: (error) => toast({ title: 'The discount was not removed', description: errorText(error, 'Please try again.'), variant: 'destructive' }),
            })
          }
        >
          {remove.isPending ? 'Removing…' : 'Remove discount'}
        </Button>
      </Buttons>
    </Box>
  );
}

const KIND_OPTIONS: ReadonlyArray<{ value: DiscountKind; label: string }> = [
  { value: 'percent', label: 'A percentage of the price' },
  { value: 'amount', label: 'An amount off the price' },
];

/** Percent as typed ("10"), an amount in the order's currency as typed ("49.90", "£50") to minor units. */
function valueOf(kind: string, typed: string): number | undefined {
  const text = typed.trim();
  if (!text) return undefined;
  if (kind === 'amount') return poundsToPence(text.replace(/^[£$€]\s*/, '')) ?? Number.NaN;
  return Number(text.replace(/\s*%$/, ''));
}

function DiscountForm({ order, discount, onDone }: { order: AdminOrderDto; discount: OrderDiscountDto | null; onDone(saved?: OrderDiscountDto | null): void }) {
  const [initial] = useState(() => ({
    kind: discount?.kind ?? 'percent',
    value: discount ? (discount.kind === 'percent' ? String(discount.value) : (discount.value / 100).toFixed(2)) : '',
    reason: discount?.reason ?? '',
  }));
  const form = useForm(initial);
  const save = useSetOrderDiscount();
  const { toast } = useToast();
  const currency = order.currency.toUpperCase();
  const percent = form.values.kind === 'percent';

  const submit = form.handleSubmit(
    orderDiscountSchema,
    (input) =>
      save.mutate(
        { id: order.id, discount: input },
        {
          onSuccess: (updated) => onDone(updated.discount ?? null),
          onError: (error) => {
            if (form.showServerErrors(error)) return;
            toast({ title: 'The discount was not saved', description: errorText(error, 'Please try again.'), variant: 'destructive' });
          },
        },
      ),
    {
      toInput: (values) => ({ kind: values.kind, value: valueOf(values.kind, values.value), reason: values.reason }),
      // An amount is typed in the currency, not in the minor units the schema speaks of.
      onInvalid: (errors) => {
        if (!percent && errors.value) form.setErrors({ ...errors, value: `Enter the amount in ${currency}, for example 50 or 49.90` });
      },
    },
  );

  return (
    <EditForm onSubmit={submit} noValidate aria-label="Discount">
      <SelectField label="Kind of discount" options={KIND_OPTIONS} {...form.field('kind')} />
      <TextField
        label={percent ? 'Percentage off' : `Amount off (${currency})`}
        markRequired
        inputMode={percent ? 'numeric' : 'decimal'}
        hint={percent ? 'A whole number from 1 to 100' : `At most ${money(order.amount, order.currency)}, the order's price before tax`}
        {...form.field('value')}
      />
      <TextAreaField
        label="Reason (printed on the invoice)"
        markRequired
        rows={2}
        hint={<CharacterCount value={form.values.reason} max={DISCOUNT_REASON_MAX} />}
        {...form.field('reason')}
      />
      <Buttons>
        <Button size="sm" variant="ghost" onClick={() => onDone()} disabled={save.isPending}>
          Cancel
        </Button>
        <Button size="sm" type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save discount'}
        </Button>
      </Buttons>
    </EditForm>
  );
}

const Box = styled.section`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};

  p {
    margin: 0;
    flex: 1 1 16rem;
    min-width: 0;
    overflow-wrap: anywhere;
  }
`;

/** Framed like the summary it replaces, so its Save is not read as the invoice's own. */
const EditForm = styled(Form)`
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.xs};
`;

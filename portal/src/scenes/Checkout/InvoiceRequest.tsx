import { useEffect, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { CourseDetailDto, OrderDto } from '@atrium/common';
import { countryList } from '@atrium/common/rules/countries';
import { useShownCurrency } from '../../api/currency.ts';
import { formatInstantDate } from '@atrium/common/rules/dates';
import { invoiceFigures } from '@atrium/common/rules/tax';
import { money, shownPrice } from '../../components/coursePrice.ts';
import { SelectField } from '../../components/SelectField.tsx';
import { orderSchema } from '@atrium/common/schemas/payments';
import { SCHOOL_NAME_MAX } from '@atrium/common/schemas/schools';
import { errorText } from '../../api/client.ts';
import { useCreateOrder, useOrders } from '../../api/payments.ts';
import { useSendVerification } from '../../api/schools.ts';
import { Button } from '../../components/Button.tsx';
import { CharacterCount } from '../../components/CharacterCount.tsx';
import { Form, TextAreaField, TextField } from '../../components/Field.tsx';
import { Icon } from '../../components/Icon.tsx';
import { useToast } from '../../components/toast/Toaster.tsx';
import { useForm } from '../../components/useForm.ts';
import { useSignedInUser } from '../../session/AuthProvider.tsx';
import type { CheckoutTax } from './checkoutTax.ts';
import { Muted, Notice, Panel, PanelTitle } from './checkoutStyles.ts';

type OrderFields = { schoolName: string; billingEmail: string; purchaseOrderNumber: string; country: string; billingAddress: string; vatNumber: string };

/** A country the browser's locale names (en-US → US), so most schools need not look for theirs. */
export const localeCountry = (): string => {
  const region = typeof navigator === 'undefined' ? '' : (navigator.language.split('-')[1] ?? '');
  return countryList().some((country) => country.code === region.toUpperCase()) ? region.toUpperCase() : '';
};

/** Where the buyer's school is, as far as tax goes: the invoice form's country and VAT number. */
export interface TaxPlace {
  country: string;
  vatNumber: string;
}

/** Who a purchase is for: the school the buyer manages, a school created with the order, or the buyer. */
export type Purchaser =
  { kind: 'self' } | { kind: 'school'; schoolId: number; name: string } | { kind: 'trust'; trustId: number; name: string } | { kind: 'create' };

/** What the purchase names on the server: the school or the trust it licenses (nothing for oneself). */
export function buyerOf(purchaser: Purchaser): { schoolId: number } | { trustId: number } | { createSchool: true } | Record<string, never> {
  if (purchaser.kind === 'school') return { schoolId: purchaser.schoolId };
  if (purchaser.kind === 'trust') return { trustId: purchaser.trustId };
  if (purchaser.kind === 'create') return { createSchool: true };
  return {};
}

/**
 * "Pay by invoice": schools often pay by invoice or purchase order. The request mails support;
 * an admin marks it paid, which enrolls the buyer. An open request is shown instead of the form.
 */
export function InvoiceRequest({
  course,
  open,
  primary,
  onOpen,
  purchaser = { kind: 'self' },
  tax,
  taxPlace,
  onTaxPlace,
}: {
  course: CourseDetailDto;
  purchaser?: Purchaser;
  /** The tax the invoice will carry (checkoutTax.ts), for the form's words and its button. */
  tax: CheckoutTax;
  taxPlace: TaxPlace;
  onTaxPlace(place: TaxPlace): void;
  open: boolean;
  /** The invoice is the way to buy (card payment unavailable): its button is the primary one. */
  primary: boolean;
  onOpen(): void;
}) {
  const orders = useOrders();
  const user = useSignedInUser();
  // Opened by the button (not by card payment being unavailable): the first field takes focus.
  const [openedByUser, setOpenedByUser] = useState(false);
  const [justRequested, setJustRequested] = useState(false);
  const requested = orders.data?.find((order) => order.courseId === course.id && order.status === 'requested');

  return (
    <Panel aria-labelledby="invoice-title">
      <PanelTitle id="invoice-title">
        <Icon name="school" size={20} /> Pay by invoice
      </PanelTitle>
      {requested ? (
        <InvoiceRequested order={requested} takeFocus={justRequested} />
      ) : user.emailVerified !== true ? (
        // The server's rule (policies/orders.ts): invoice mail goes only to proven addresses.
        <ConfirmAddressFirst email={user.email} />
      ) : open ? (
        <InvoiceForm
          key={purchaser.kind}
          course={course}
          purchaser={purchaser}
          primary={primary}
          focusFirst={openedByUser}
          onRequested={() => setJustRequested(true)}
          tax={tax}
          taxPlace={taxPlace}
          onTaxPlace={onTaxPlace}
        />
      ) : (
        <>
          <Muted>
            Paying with a purchase order or through your finance office? Ask for an invoice: we e-mail it to the billing address you give and give access as
            soon as it is paid.
          </Muted>
          <div>
            <Button
              variant="secondary"
              onClick={() => {
                setOpenedByUser(true);
                onOpen();
              }}
            >
              <Icon name="mail" size={18} /> Request an invoice
            </Button>
          </div>
        </>
      )}
    </Panel>
  );
}

function InvoiceForm({
  course,
  purchaser,
  primary,
  focusFirst,
  onRequested,
  tax,
  taxPlace,
  onTaxPlace,
}: {
  course: CourseDetailDto;
  purchaser: Purchaser;
  primary: boolean;
  focusFirst: boolean;
  onRequested(): void;
  tax: CheckoutTax;
  taxPlace: TaxPlace;
  onTaxPlace(place: TaxPlace): void;
}) {
  const user = useSignedInUser();
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusFirst) first.current?.focus();
  }, [focusFirst]);
  const form = useForm<OrderFields>({
    schoolName: purchaser.kind === 'school' || purchaser.kind === 'trust' ? purchaser.name : (user.company ?? ''),
    billingEmail: '',
    purchaseOrderNumber: '',
    country: taxPlace.country,
    billingAddress: '',
    vatNumber: taxPlace.vatNumber,
  });
  const price = shownPrice(course, useShownCurrency());
  // The summary's price lines follow the country and VAT number as they are typed.
  const { country, vatNumber: typedVatNumber } = form.values;
  useEffect(() => {
    if (country !== taxPlace.country || typedVatNumber !== taxPlace.vatNumber) onTaxPlace({ country, vatNumber: typedVatNumber });
  }, [country, typedVatNumber, taxPlace, onTaxPlace]);
  const total = tax.lines.find((line) => line.total)?.amount ?? price.text;
  const create = useCreateOrder();
  const { toast } = useToast();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { country: chosenCountry, billingAddress, vatNumber, ...rest } = form.values;
    const input = form.validate(orderSchema, {
      ...rest,
      courseId: course.id,
      currency: price.currency,
      ...(chosenCountry ? { country: chosenCountry } : {}),
      billingAddress: billingAddress || null,
      vatNumber: vatNumber || null,
      ...buyerOf(purchaser),
    });
    if (!input) return;
    create.mutate(input, {
      onSuccess: onRequested,
      onError: (error) => {
        // A 409 (requested before, or enrolled meanwhile) has useCreateOrder read the orders and the course again.
        if (form.showServerErrors(error)) return;
        toast({ title: 'Invoice request failed', description: errorText(error, 'Please try again.'), variant: 'destructive' });
      },
    });
  };

  return (
    <Form onSubmit={submit} noValidate aria-label="Invoice request">
      {purchaser.kind === 'trust' ? (
        // The invoice is made out to the trust by name (the server puts it there): nothing to type.
        <Muted>
          We e-mail you a receipt now, and the invoice, made out to <strong>{purchaser.name}</strong>, to the billing address once we have prepared it. Every
          school in the trust gets the course as soon as it is paid.
        </Muted>
      ) : (
        <Muted>We e-mail you a receipt now, and the invoice to the billing address once we have prepared it. Access is given as soon as it is paid.</Muted>
      )}
      {purchaser.kind === 'trust' ? null : (
        <TextField
          ref={first}
          label={purchaser.kind === 'create' ? 'Name of the new school' : 'School or organisation'}
          hint={
            <>
              {purchaser.kind === 'create' ? 'The school is created now, with you as its manager, and licensed when the invoice is paid. ' : null}
              <CharacterCount value={form.values.schoolName} max={SCHOOL_NAME_MAX} />
            </>
          }
          markRequired
          autoComplete="organization"
          {...form.field('schoolName')}
        />
      )}
      <TextField
        ref={purchaser.kind === 'trust' ? first : undefined}
        label="Billing e-mail"
        type="email"
        markRequired
        autoComplete="email"
        hint="Where the invoice should go, for example your finance office."
        {...form.field('billingEmail')}
      />
      <TextField
        label="Purchase order number (optional)"
        hint={<CharacterCount value={form.values.purchaseOrderNumber} max={100} />}
        {...form.field('purchaseOrderNumber')}
      />
      <SelectField
        label="Country"
        markRequired
        placeholder="Choose the school's country"
        options={countryList().map((option) => ({ value: option.code, label: option.name }))}
        hint="Decides the tax on the invoice."
        autoComplete="country"
        {...form.field('country')}
      />
      <TextAreaField
        label="Billing address"
        rows={3}
        autoComplete="street-address"
        hint={
          <>
            As it should appear on the invoice. <CharacterCount value={form.values.billingAddress} max={1000} />
          </>
        }
        {...form.field('billingAddress')}
      />
      <TextField
        label={tax.taxNumber.label}
        hint={
          <>
            {tax.taxNumber.hint} <CharacterCount value={form.values.vatNumber} max={40} />
          </>
        }
        {...form.field('vatNumber')}
      />
      <Button type="submit" variant={primary ? 'primary' : 'secondary'} block disabled={create.isPending}>
        {create.isPending ? 'Sending…' : `Request an invoice for ${total}`}
      </Button>
    </Form>
  );
}

/**
 * An unverified address cannot request an invoice (the server answers 403): say so before the
 * form is filled in, and send the confirmation link again from here.
 */
function ConfirmAddressFirst({ email }: { email: string }) {
  const send = useSendVerification();
  const { toast } = useToast();
  const resend = () =>
    send.mutate(undefined, {
      onSuccess: (answer) => toast({ title: 'Verification e-mail sent', description: answer.message, variant: 'success' }),
      onError: (error) => toast({ title: 'Could not send the e-mail', description: errorText(error, 'Please try again in a moment.'), variant: 'destructive' }),
    });
  return (
    <>
      <Notice $tone="warning">
        <Icon name="mail" size={22} />
        <div>
          <h3>Confirm your e-mail address first</h3>
          <p>
            Invoice requests need a confirmed address: we send you the receipt, and the invoice goes to your billing address once we have prepared it. Open the
            link we e-mailed to <strong>{email}</strong>, then come back to this page.
          </p>
        </div>
      </Notice>
      <div>
        <Button variant="secondary" onClick={resend} disabled={send.isPending}>
          <Icon name="mail" size={18} /> {send.isPending ? 'Sending…' : 'Send the link again'}
        </Button>
      </div>
    </>
  );
}

function InvoiceRequested({ order, takeFocus }: { order: OrderDto; takeFocus: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // A request just made moves focus here so keyboard and screen-reader users hear the outcome.
  useEffect(() => {
    if (takeFocus) heading.current?.focus();
  }, [takeFocus]);
  return (
    <>
      <Notice $tone="success">
        <Icon name="checkCircle" size={22} />
        <div>
          <h3 ref={heading} tabIndex={-1}>
            Invoice requested
          </h3>
          <p>
            We will e-mail the invoice to <strong>{order.billingEmail}</strong>. Access is given as soon as it is paid.
          </p>
        </div>
      </Notice>
      <Details>
        <div>
          <dt>Reference</dt>
          <dd>{order.reference}</dd>
        </div>
        <div>
          <dt>{order.trustId ? 'Trust' : 'School'}</dt>
          <dd>{order.schoolName}</dd>
        </div>
        {order.purchaseOrderNumber ? (
          <div>
            <dt>Purchase order</dt>
            <dd>{order.purchaseOrderNumber}</dd>
          </div>
        ) : null}
        <div>
          <dt>{order.invoice ? 'Invoice total' : 'Amount'}</dt>
          <dd>{orderAmount(order)}</dd>
        </div>
        {order.invoice ? (
          <div>
            <dt>Invoice</dt>
            <dd>
              <a href={`/api/orders/${order.id}/invoice.pdf`} target="_blank" rel="noreferrer">
                {order.invoice.number} (PDF)
              </a>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>Requested</dt>
          <dd>{formatInstantDate(order.createdAt)}</dd>
        </div>
      </Details>
    </>
  );
}

/** What the order will cost: the issued invoice's total, else the price with the tax its country adds (the invoice's rule). */
function orderAmount(order: OrderDto): string {
  if (order.invoice) return money(order.invoice.gross, order.currency);
  if (!order.country) return money(order.amount, order.currency);
  const figures = invoiceFigures(order.amount, order.discount ?? null, order.country, order.vatNumber ?? null);
  if (figures.tax === 0) return money(figures.gross, order.currency);
  return `${money(figures.gross, order.currency)} (${money(figures.net, order.currency)} + ${money(figures.tax, order.currency)} VAT)`;
}

const Details = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(8rem, 1fr));
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSize.sm};
  }
  dd {
    margin: 0;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
`;

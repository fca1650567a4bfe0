import { useRef, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, Field, Input, Label, Required, TextArea } from '../shared/controls.tsx';
import { Toast } from '../shared/Toast.tsx';
import { useEarlyInput } from '../shared/useEarlyInput.tsx';
import type { ToastMessage } from '../shared/toast.ts';
import { rootTypography, tokens } from '../tokens.ts';

export interface ContactFormValues {
  name: string;
  email: string;
  company: string;
  phone: string;
  message: string;
}

export const EMPTY_CONTACT_FORM: ContactFormValues = { name: '', email: '', company: '', phone: '', message: '' };
export const CONTACT_FIELDS = Object.keys(EMPTY_CONTACT_FORM) as ReadonlyArray<keyof ContactFormValues>;

/** A problem per field, shown beside it. */
export type ContactFormErrors = Partial<Record<keyof ContactFormValues, string>>;

export type ContactFormStatus = 'idle' | 'sending' | 'success' | 'error';

export interface ContactFormViewProps {
  values: ContactFormValues;
  status: ContactFormStatus;
  /** Shown in the widget when the host app does not take toasts itself. */
  toast: ToastMessage | null;
  idPrefix: string;
  errors?: ContactFormErrors;
  /**
   * Where the form posts when no script runs (a server-rendered page with JavaScript off): a
   * plain `application/x-www-form-urlencoded` POST that answers with a page. With script the
   * form is sent by `onSubmit` as before.
   */
  action?: string;
  /** Sent with the plain post as the hidden `source` field. */
  source?: string;
  onChange(field: keyof ContactFormValues, value: string): void;
  onSubmit(): void;
  onDismissToast(): void;
}

/**
 * The landing-page contact form (SPEC §2, §5): name, email and message required, company and
 * phone optional, a four-row message box. Required fields are marked; each problem is shown
 * beside its field (like every portal form), not in the browser's own bubbles.
 */
export function ContactFormView({ values, status, toast, idPrefix, errors = {}, action, source, onChange, onSubmit, onDismissToast }: ContactFormViewProps) {
  const sending = status === 'sending';
  const form = useRef<HTMLFormElement>(null);
  // On the landing page the server draws this form: what was typed before the app loaded is
  // handed on, so that a problem shown or the send does not empty the fields.
  useEarlyInput(() => {
    for (const field of CONTACT_FIELDS) {
      const element = form.current?.elements.namedItem(field);
      const typed = element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement ? element.value : values[field];
      if (typed !== values[field]) onChange(field, typed);
    }
  });
  const id = (field: keyof ContactFormValues) => `${idPrefix}-${field}`;
  /** aria for a field and the message under it, when it has a problem. */
  const problem = (field: keyof ContactFormValues) => ({
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${id(field)}-error` : undefined,
  });
  const errorOf = (field: keyof ContactFormValues) =>
    errors[field] ? (
      <FieldError id={`${id(field)}-error`} role="alert" part="field-error">
        {errors[field]}
      </FieldError>
    ) : null;
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!sending) onSubmit();
  };

  return (
    <Root>
      <Form
        ref={form}
        onSubmit={handleSubmit}
        action={action}
        method={action ? 'post' : undefined}
        part="form"
        aria-busy={sending}
        data-status={status}
        noValidate
      >
        {action && source ? <input type="hidden" name="source" value={source} /> : null}
        <Row>
          <Field>
            <Label htmlFor={id('name')} part="label">
              Name<Required aria-hidden="true">*</Required>
            </Label>
            <Input
              id={id('name')}
              name="name"
              autoComplete="name"
              required
              value={values.name}
              {...problem('name')}
              onChange={(e) => onChange('name', e.currentTarget.value)}
              part="input"
            />
            {errorOf('name')}
          </Field>
          <Field>
            <Label htmlFor={id('email')} part="label">
              Email<Required aria-hidden="true">*</Required>
            </Label>
            <Input
              id={id('email')}
              name="email"
              type="email"
              autoComplete="email"
              required
              value={values.email}
              {...problem('email')}
              onChange={(e) => onChange('email', e.currentTarget.value)}
              part="input"
            />
            {errorOf('email')}
          </Field>
        </Row>
        <Row>
          <Field>
            <Label htmlFor={id('company')} part="label">
              School or company
            </Label>
            <Input
              id={id('company')}
              name="company"
              autoComplete="organization"
              value={values.company}
              {...problem('company')}
              onChange={(e) => onChange('company', e.currentTarget.value)}
              part="input"
            />
            {errorOf('company')}
          </Field>
          <Field>
            <Label htmlFor={id('phone')} part="label">
              Phone
            </Label>
            <Input
              id={id('phone')}
              name="phone"
              type="tel"
              autoComplete="tel"
              value={values.phone}
              {...problem('phone')}
              onChange={(e) => onChange('phone', e.currentTarget.value)}
              part="input"
            />
            {errorOf('phone')}
          </Field>
        </Row>
        <Field>
          <Label htmlFor={id('message')} part="label">
            Message<Required aria-hidden="true">*</Required>
          </Label>
          <TextArea
            id={id('message')}
            name="message"
            rows={4}
            required
            value={values.message}
            {...problem('message')}
            onChange={(e) => onChange('message', e.currentTarget.value)}
            part="input textarea"
          />
          {errorOf('message')}
        </Field>
        <Footer>
          <Hint>
            <Required aria-hidden="true">*</Required> Required. We reply within 30 minutes.
          </Hint>
          <Button type="submit" disabled={sending} part="button">
            {sending ? 'Sending...' : 'Send Message'}
          </Button>
        </Footer>
      </Form>
      <Toast toast={toast} onDismiss={onDismissToast} />
    </Root>
  );
}

const Root = styled.div`
  ${rootTypography}
`;

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 16px;
  margin: 0;
`;

const Row = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 220px), 1fr));
  gap: 16px;
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  @media (max-width: ${tokens.phoneMax}) {
    flex-direction: column-reverse;
    align-items: stretch;
  }
`;

const FieldError = styled.p`
  margin: 0;
  font-size: 13px;
  font-weight: 500;
  color: ${tokens.danger};
`;

const Hint = styled.p`
  margin: 0;
  font-size: 13px;
  color: ${tokens.textMuted};
`;

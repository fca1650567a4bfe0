import { useCallback, useId, useState } from 'react';
import { looksLikeEmail, sendContactMessage } from '../shared/contact.ts';
import { useToast, type ToastMessage } from '../shared/toast.ts';
import {
  CONTACT_FIELDS,
  ContactFormView,
  EMPTY_CONTACT_FORM,
  type ContactFormErrors,
  type ContactFormStatus,
  type ContactFormValues,
} from './ContactFormView.tsx';

export interface ContactFormProps {
  /** Origin of the Atrium API; empty means the page's own origin (the portal). */
  apiBase?: string;
  /** The host app's toast system; without it the toasts show inside the form. */
  onNotify?: (toast: ToastMessage) => void;
  /** Told after the server accepted the message (the element turns it into an event). */
  onSubmitted?: (result: { message: string }) => void;
  /** Told when sending failed, with the text that was shown. */
  onFailed?: (result: { message: string }) => void;
  /** Stored with the message so the inbox knows which form it came from. */
  source?: 'landing' | 'widget';
  /** ContactFormView's `action`: where the form posts without JavaScript (the portal's `/contact`). */
  action?: string;
}

/**
 * Contact form container: idle → sending → success (form reset) or error, and the toasts of
 * SPEC §8. The form stays editable after either outcome.
 */
export function ContactForm({ apiBase = '', onNotify, onSubmitted, onFailed, source = 'landing', action }: ContactFormProps) {
  const [values, setValues] = useState<ContactFormValues>(EMPTY_CONTACT_FORM);
  const [status, setStatus] = useState<ContactFormStatus>('idle');
  const [errors, setErrors] = useState<ContactFormErrors>({});
  const { toast, show, dismiss } = useToast();
  const idPrefix = `atrium-contact-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;

  const notify = useCallback((message: ToastMessage) => (onNotify ? onNotify(message) : show(message)), [onNotify, show]);

  const submit = async () => {
    // The obvious problems are named beside their fields before a round trip; the server's rules
    // (lengths) come back the same way, under `errors`.
    const missing = checkContactForm(values);
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    setStatus('sending');
    const optional = (value: string) => (value.trim() ? value.trim() : undefined);
    try {
      const result = await sendContactMessage(apiBase, {
        name: values.name.trim(),
        email: values.email.trim(),
        company: optional(values.company),
        phone: optional(values.phone),
        message: values.message.trim(),
        source,
      });
      if (result.ok) {
        const message = result.data?.message ?? '';
        setStatus('success');
        setValues(EMPTY_CONTACT_FORM);
        notify({ title: 'Message sent!', description: message, variant: 'success' });
        onSubmitted?.({ message });
      } else {
        const message = result.error?.message || 'Failed to send message';
        setErrors(fieldErrors(result.error?.errors));
        setStatus('error');
        notify({ title: 'Error', description: message, variant: 'error' });
        onFailed?.({ message });
      }
    } catch (error) {
      const reason = error instanceof Error && error.message ? error.message : 'Please try again';
      const message = `Network error: ${reason}`;
      setStatus('error');
      notify({ title: 'Error', description: message, variant: 'error' });
      onFailed?.({ message });
    }
  };

  return (
    <ContactFormView
      values={values}
      status={status}
      toast={onNotify ? null : toast}
      idPrefix={idPrefix}
      errors={errors}
      action={action}
      source={source}
      onChange={(field, value) => {
        setValues((current) => ({ ...current, [field]: value }));
        setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
      }}
      onSubmit={() => void submit()}
      onDismissToast={dismiss}
    />
  );
}

/** The required fields and the address's shape, in the server's words (common/schemas/catalogue.ts). */
function checkContactForm(values: ContactFormValues): ContactFormErrors {
  const errors: ContactFormErrors = {};
  if (!values.name.trim()) errors.name = 'Name is required';
  if (!values.email.trim()) errors.email = 'Email is required';
  else if (!looksLikeEmail(values.email)) errors.email = 'Please enter a valid email address';
  if (!values.message.trim()) errors.message = 'Message is required';
  return errors;
}

/** The server's {field: why} for this form's fields. */
function fieldErrors(errors: Record<string, string> | undefined): ContactFormErrors {
  const found: ContactFormErrors = {};
  for (const field of CONTACT_FIELDS) if (errors?.[field]) found[field] = errors[field];
  return found;
}

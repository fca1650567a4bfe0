import type { FormEvent } from 'react';
import styled from 'styled-components';
import { Dialog, DialogButtons, DialogRefusal } from '../../components/Dialog.tsx';
import { Form, TextField } from '../../components/Field.tsx';
import type { FieldBinding } from '../../components/useForm.ts';

export interface ForgotPasswordDialogViewProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  email: FieldBinding;
  sending: boolean;
  /** Why no link went (too many requests, the connection), said inside the dialog so the address stays to send again. */
  refusal: string | null;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
}

/** "Forgot your password?": one address, and the link sent to it if it has an account. */
export function ForgotPasswordDialogView({ open, onOpenChange, email, sending, refusal, onSubmit }: ForgotPasswordDialogViewProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Reset Password"
      description="Enter the email you registered with and we’ll send you a link to choose a new password."
    >
      <Form onSubmit={onSubmit} noValidate>
        <TextField label="Email" type="email" autoComplete="email" required {...email} />
        <DialogRefusal message={refusal} />
        <Actions label="Send Reset Link" busyLabel="Sending…" busy={sending} />
      </Form>
    </Dialog>
  );
}

/** Below a single field the buttons sit a little further down than the form's gap. */
const Actions = styled(DialogButtons)`
  margin-top: ${({ theme }) => theme.space.xs};
`;

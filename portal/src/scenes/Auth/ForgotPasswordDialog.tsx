import { useEffect, type FormEvent } from 'react';
import styled from 'styled-components';
import { forgotPasswordSchema } from '@atrium/common/schemas/auth';
import { useForgotPassword } from '../../api/session.ts';
import { Button } from '../../components/Button.tsx';
import { Dialog, DialogActions, DialogCancel } from '../../components/Dialog.tsx';
import { Form, TextField } from '../../components/Field.tsx';
import { useToast } from '../../components/toast/Toaster.tsx';
import { useForm } from '../../components/useForm.ts';

/** SPEC §7: the answer never says whether the account exists, so neither does the UI. */
export const RESET_LINK_MESSAGE = "If an account exists with that email, you'll receive a password reset link.";

export function ForgotPasswordDialog({ open, onOpenChange, initialEmail }: { open: boolean; onOpenChange(open: boolean): void; initialEmail: string }) {
  const form = useForm({ email: '' });
  const forgot = useForgotPassword();
  const { toast } = useToast();
  const { reset } = form;

  useEffect(() => {
    if (open) reset({ email: initialEmail });
    // Prefill once per opening, not on every keystroke in the login form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = form.validate(forgotPasswordSchema);
    if (!input) return;
    forgot.mutate(input.email, {
      onSuccess: () => {
        toast({ title: 'Reset link sent', description: RESET_LINK_MESSAGE, variant: 'success' });
        onOpenChange(false);
      },
      onError: () => toast({ title: 'Error', description: 'Failed to send reset email. Please try again.', variant: 'destructive' }),
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Reset Password"
      description="Enter the email you registered with and we’ll send you a link to choose a new password."
    >
      <Form onSubmit={submit} noValidate>
        <TextField label="Email" type="email" autoComplete="email" required {...form.field('email')} />
        <Actions>
          <DialogCancel>
            <Button variant="secondary">Cancel</Button>
          </DialogCancel>
          <Button type="submit" disabled={forgot.isPending}>
            {forgot.isPending ? 'Sending…' : 'Send Reset Link'}
          </Button>
        </Actions>
      </Form>
    </Dialog>
  );
}

/** Below a single field the buttons sit a little further down than the form's gap (as this dialog always has). */
const Actions = styled(DialogActions)`
  margin-top: ${({ theme }) => theme.space.xs};
`;

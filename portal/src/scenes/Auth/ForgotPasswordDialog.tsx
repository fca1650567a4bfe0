import { useEffect, type FormEvent } from 'react';
import { forgotPasswordSchema } from '@atrium/common/schemas/auth';
import { errorText } from '../../api/client.ts';
import { useForgotPassword } from '../../api/session.ts';
import { useToast } from '../../components/toast/Toaster.tsx';
import { useForm } from '../../components/useForm.ts';
import { ForgotPasswordDialogView } from './ForgotPasswordDialogView.tsx';

/** SPEC §7: the answer never says whether the account exists, so neither does the UI. */
export const RESET_LINK_MESSAGE = "If an account exists with that email, you'll receive a password reset link.";

export function ForgotPasswordDialog({ open, onOpenChange, initialEmail }: { open: boolean; onOpenChange(open: boolean): void; initialEmail: string }) {
  const form = useForm({ email: '' });
  const forgot = useForgotPassword();
  const { toast } = useToast();
  const { reset } = form;
  const { reset: forgetRefusal } = forgot;

  useEffect(() => {
    if (!open) return;
    reset({ email: initialEmail });
    forgetRefusal();
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
      onError: (problem) => form.showServerErrors(problem),
    });
  };

  return (
    <ForgotPasswordDialogView
      open={open}
      onOpenChange={onOpenChange}
      email={form.field('email')}
      sending={forgot.isPending}
      refusal={forgot.error && !form.errors.email ? errorText(forgot.error, 'The reset link could not be sent. Please try again.') : null}
      onSubmit={submit}
    />
  );
}

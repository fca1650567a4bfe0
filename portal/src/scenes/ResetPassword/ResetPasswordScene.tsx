import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { newPasswordFormSchema } from '@atrium/common/schemas/auth';
import { errorText } from '../../api/client.ts';
import { useResetPassword } from '../../api/session.ts';
import { useToast } from '../../components/toast/Toaster.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useForm } from '../../components/useForm.ts';
import { ResetPasswordView } from './ResetPasswordView.tsx';

export const INVALID_LINK = 'The password reset link is invalid or missing.';

/** The toast title for the field newPasswordFormSchema found wrong (SPEC §5, §8). */
const problemTitle = (field: 'newPassword' | 'confirm') => (field === 'confirm' ? "Passwords don't match" : 'Password too short');

/** SPEC §5: the two fields must match, then be at least 6 characters. */
export function checkNewPassword(newPassword: string, confirm: string): { title: string; description: string; field: 'newPassword' | 'confirm' } | null {
  const result = newPasswordFormSchema.safeParse({ newPassword, confirm });
  if (result.success) return null;
  const field = result.error.issues[0]?.path[0] === 'confirm' ? 'confirm' : 'newPassword';
  return { title: problemTitle(field), description: result.error.issues[0]?.message ?? '', field };
}

/** /reset-password?token=…: checks the link, validates and sends the new password, says how it went; ResetPasswordView draws the form. */
export function ResetPasswordScene() {
  usePageTitle('Reset your password');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const navigate = useNavigate();
  const { toast } = useToast();
  const reset = useResetPassword();
  const form = useForm({ newPassword: '', confirm: '' });
  const [removeSignIns, setRemoveSignIns] = useState(false);

  useEffect(() => {
    if (token) return;
    toast({ title: 'Invalid reset link', description: INVALID_LINK, variant: 'destructive' });
    navigate('/auth', { replace: true });
  }, [token, toast, navigate]);

  const submit = form.handleSubmit(
    newPasswordFormSchema,
    ({ newPassword }) =>
      reset.mutate(
        { token, newPassword, removeSignIns },
        {
          onSuccess: () => {
            toast({
              title: 'Password reset successful',
              description: 'Your password has been updated. You can now login with your new password.',
              variant: 'success',
            });
            navigate('/auth', { replace: true });
          },
          onError: (error) =>
            toast({ title: 'Reset failed', description: errorText(error, 'Failed to reset password. Please try again.'), variant: 'destructive' }),
        },
      ),
    {
      onInvalid: (errors) => {
        const field = errors.confirm ? 'confirm' : 'newPassword';
        toast({ title: problemTitle(field), description: errors[field] ?? '', variant: 'destructive' });
      },
    },
  );

  if (!token) return null;

  return (
    <ResetPasswordView
      newPassword={form.field('newPassword')}
      confirm={form.field('confirm')}
      removeSignIns={removeSignIns}
      onRemoveSignIns={setRemoveSignIns}
      pending={reset.isPending}
      onSubmit={submit}
    />
  );
}

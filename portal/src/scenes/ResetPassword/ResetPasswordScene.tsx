import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import styled from 'styled-components';
import { newPasswordFormSchema, PASSWORD_MIN_LENGTH } from '@atrium/common/schemas/auth';
import { errorText } from '../../api/client.ts';
import { useResetPassword } from '../../api/session.ts';
import { Button } from '../../components/Button.tsx';
import { CheckboxField } from '../../components/CheckboxField.tsx';
import { Form, PasswordField } from '../../components/Field.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Card, Container } from '../../components/Layout.tsx';
import { useToast } from '../../components/toast/Toaster.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useForm } from '../../components/useForm.ts';

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
    <Container $narrow>
      <Panel>
        <h1>Choose a new password</h1>
        <p>Enter your new password twice. It must be at least {PASSWORD_MIN_LENGTH} characters long.</p>
        <Form onSubmit={submit} noValidate aria-label="Reset password">
          <PasswordField label="New password" autoComplete="new-password" required {...form.field('newPassword')} />
          <PasswordField label="Confirm new password" autoComplete="new-password" required {...form.field('confirm')} />
          <CheckboxField
            label="Also remove linked Google / Microsoft sign-ins"
            hint="Choose this if someone else may have used your account: a sign-in they connected stops working. You can connect yours again from your profile."
            checked={removeSignIns}
            onChange={(event) => setRemoveSignIns(event.target.checked)}
          />
          <Button type="submit" block disabled={reset.isPending}>
            {reset.isPending ? 'Resetting…' : 'Reset Password'}
          </Button>
        </Form>
        <Back to="/auth">
          <Icon name="arrowLeft" size={18} /> Back to Login
        </Back>
      </Panel>
    </Container>
  );
}

const Panel = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  max-width: 28rem;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.xl};

  h1 {
    font-size: ${({ theme }) => theme.fontSize.xxl};
  }
  & > p {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Back = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  justify-self: center;
  min-height: 44px;
  font-weight: 500;
`;

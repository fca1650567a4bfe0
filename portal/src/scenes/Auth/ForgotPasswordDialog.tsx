import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, type FormEvent } from 'react';
import styled from 'styled-components';
import { forgotPasswordSchema } from '@atrium/common/schemas/auth';
import { useForgotPassword } from '../../api/session.ts';
import { Button } from '../../components/Button.tsx';
import { Form, TextField } from '../../components/Field.tsx';
import { Overlay, dialogContentStyles } from '../../components/dialogStyles.ts';
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
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Overlay as={Dialog.Overlay} />
        <Content>
          <Title>Reset Password</Title>
          <Description>Enter the email you registered with and we’ll send you a link to choose a new password.</Description>
          <Form onSubmit={submit} noValidate>
            <TextField label="Email" type="email" autoComplete="email" required {...form.field('email')} />
            <Actions>
              <Dialog.Close asChild>
                <Button variant="secondary">Cancel</Button>
              </Dialog.Close>
              <Button type="submit" disabled={forgot.isPending}>
                {forgot.isPending ? 'Sending…' : 'Send Reset Link'}
              </Button>
            </Actions>
          </Form>
        </Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const Content = styled(Dialog.Content)`
  ${dialogContentStyles}
`;

const Title = styled(Dialog.Title)`
  font-size: ${({ theme }) => theme.fontSize.xl};
  font-weight: 700;
`;

const Description = styled(Dialog.Description)`
  margin: ${({ theme }) => theme.space.xs} 0 ${({ theme }) => theme.space.lg};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.xs};
`;

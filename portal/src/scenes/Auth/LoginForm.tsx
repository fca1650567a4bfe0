import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import { loginSchema } from '@atrium/common/schemas/auth';
import { errorText, hasErrorId } from '../../api/client.ts';
import { useLogin } from '../../api/session.ts';
import { Button } from '../../components/Button.tsx';
import { Form, PasswordField, TextField } from '../../components/Field.tsx';
import { FormAlert } from '../../components/FormAlert.tsx';
import { SchoolSignInRequired } from '../../components/identityProvider/SchoolSignInRequired.tsx';
import { useForm } from '../../components/useForm.ts';
import type { Invitee } from '../../session/invitee.ts';
import { useAfterSignInPath } from '../../session/destination.ts';
import { ForgotPasswordDialog } from './ForgotPasswordDialog.tsx';

export function LoginForm({ invitee = null }: { invitee?: Invitee | null }) {
  // An invitation's address (a school's or a trust's), so the invited person need not type it.
  const form = useForm({ email: invitee?.email ?? '', password: '' });
  const login = useLogin();
  const navigate = useNavigate();
  const next = useAfterSignInPath();
  const [forgotOpen, setForgotOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // The address whose school signs its staff in with its own provider only (the server said so).
  const [schoolOnly, setSchoolOnly] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setSchoolOnly(null);
    const input = form.validate(loginSchema);
    if (!input) return;
    login.mutate(input, {
      onSuccess: () => navigate(next, { replace: true }),
      onError: (error) => {
        if (hasErrorId(error, 'sso_required')) return setSchoolOnly(input.email);
        // Said once, beside the form (issue 34): a toast repeating it covered the header.
        setFailure(errorText(error, 'Please check your username and password'));
      },
    });
  };

  return (
    <>
      <Form onSubmit={submit} noValidate aria-label="Login">
        <FormAlert message={failure ? `Login failed: ${failure}` : null} />
        {schoolOnly && <SchoolSignInRequired email={schoolOnly} next={next} />}
        <TextField label="Email" type="email" autoComplete="email" required {...form.field('email')} />
        <PasswordField label="Password" autoComplete="current-password" required {...form.field('password')} />
        <Forgot type="button" onClick={() => setForgotOpen(true)}>
          Forgot your password?
        </Forgot>
        <Button type="submit" block disabled={login.isPending}>
          {login.isPending ? 'Signing in…' : 'Sign In'}
        </Button>
      </Form>
      <ForgotPasswordDialog open={forgotOpen} onOpenChange={setForgotOpen} initialEmail={form.values.email} />
    </>
  );
}

const Forgot = styled.button`
  justify-self: start;
  margin-top: -${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.xxs} 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.accent};
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: 500;
  text-decoration: underline;
  text-underline-offset: 0.15em;
  cursor: pointer;

  &:hover {
    color: ${({ theme }) => theme.colors.accentHover};
  }
`;

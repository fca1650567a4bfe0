import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import { registerSchema } from '@atrium/common/schemas/auth';
import { errorText, hasErrorId } from '../../api/client.ts';
import { useRegister } from '../../api/session.ts';
import { Button } from '../../components/Button.tsx';
import { Form, PasswordField, TextField } from '../../components/Field.tsx';
import { SchoolSignInRequired } from '../../components/identityProvider/SchoolSignInRequired.tsx';
import { useToast } from '../../components/toast/Toaster.tsx';
import { useForm } from '../../components/useForm.ts';
import { useAfterSignInPath } from '../../session/destination.ts';
import type { Invitee } from '../../session/invitee.ts';

/** Registration; `invitee` (from a school's invitation) starts it with the address and name the manager gave. */
export function RegisterForm({ invitee = null }: { invitee?: Invitee | null }) {
  const form = useForm({ firstName: invitee?.firstName ?? '', lastName: invitee?.lastName ?? '', email: invitee?.email ?? '', password: '' });
  const register = useRegister();
  const navigate = useNavigate();
  const next = useAfterSignInPath();
  const { toast } = useToast();
  // The address whose school signs its staff in with its own provider only: no account with a password there.
  const [schoolOnly, setSchoolOnly] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSchoolOnly(null);
    const input = form.validate(registerSchema);
    if (!input) return;
    register.mutate(
      { firstName: input.firstName ?? '', lastName: input.lastName ?? '', email: input.email, password: input.password },
      {
        onSuccess: () => navigate(next, { replace: true }),
        onError: (error) => {
          if (hasErrorId(error, 'sso_required')) return setSchoolOnly(input.email);
          toast({
            title: 'Registration failed',
            description: errorText(error, 'Please check your details and try again'),
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <Form onSubmit={submit} noValidate aria-label="Register">
      {schoolOnly && <SchoolSignInRequired email={schoolOnly} next={next} />}
      <Names>
        <TextField label="First name" autoComplete="given-name" {...form.field('firstName')} />
        <TextField label="Last name" autoComplete="family-name" {...form.field('lastName')} />
      </Names>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        required
        markRequired
        hint={invitee ? 'The address your invitation was sent to: joining with it confirms it.' : undefined}
        {...form.field('email')}
      />
      <PasswordField label="Password" autoComplete="new-password" required markRequired hint="At least 6 characters." {...form.field('password')} />
      <Button type="submit" block disabled={register.isPending}>
        {register.isPending ? 'Creating account…' : 'Create Account'}
      </Button>
    </Form>
  );
}

const Names = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};

  @media (min-width: 420px) {
    grid-template-columns: 1fr 1fr;
  }
`;

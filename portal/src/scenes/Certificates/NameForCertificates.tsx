import type { FormEvent } from 'react';
import styled from 'styled-components';
import { certificateNameSchema } from '@atrium/common/schemas/auth';
import { errorText } from '../../api/client.ts';
import { useUpdateProfile } from '../../api/profile.ts';
import { Button } from '../../components/Button.tsx';
import { Form, TextField } from '../../components/Field.tsx';
import { Icon } from '../../components/Icon.tsx';
import { useToast } from '../../components/toast/Toaster.tsx';
import { useForm } from '../../components/useForm.ts';

/**
 * A certificate shows a person's name, never their e-mail address. A learner who registered
 * without a name is asked for it here; their certificates are issued already and show it once
 * it is given (the server fills it in with the profile update).
 */
export function NameForCertificates() {
  const form = useForm({ firstName: '', lastName: '' });
  const update = useUpdateProfile();
  const { toast } = useToast();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = form.validate(certificateNameSchema);
    if (!input) return;
    update.mutate(input, {
      onSuccess: () => toast({ title: 'Name added to your certificates', variant: 'success' }),
      onError: (error) => toast({ title: 'Your name could not be saved', description: errorText(error, 'Please try again.'), variant: 'destructive' }),
    });
  };

  return (
    <Panel aria-labelledby="certificate-name-title">
      <h2 id="certificate-name-title">
        <Icon name="award" size={22} /> Whose name goes on your certificates?
      </h2>
      <p>Your certificates are ready. Add your name as it should be printed and they will show it; until then they cannot be viewed or shared.</p>
      <Form onSubmit={submit} noValidate aria-label="Name for certificates">
        <Row>
          <TextField label="First name" autoComplete="given-name" required {...form.field('firstName')} />
          <TextField label="Last name" autoComplete="family-name" {...form.field('lastName')} />
        </Row>
        <div>
          <Button type="submit" disabled={update.isPending}>
            Save name
          </Button>
        </div>
      </Form>
    </Panel>
  );
}

const Panel = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin-bottom: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-left: 4px solid ${({ theme }) => theme.colors.accent};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};

  h2 {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.xs};
    font-size: ${({ theme }) => theme.fontSize.lg};
  }
  p {
    margin: 0;
  }
`;

const Row = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 14rem), 1fr));
`;

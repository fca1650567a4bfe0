import type { ChangeEvent, FormEvent } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { PASSWORD_MIN_LENGTH } from '@atrium/common/schemas/auth';
import { Button } from '../../components/Button.tsx';
import { CheckboxField } from '../../components/CheckboxField.tsx';
import { Form, PasswordField } from '../../components/Field.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Card, Container } from '../../components/Layout.tsx';

/** One field as `useForm().field(name)` gives it. */
export interface PasswordFieldProps {
  name: string;
  value: string;
  error: string | null;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

export interface ResetPasswordViewProps {
  newPassword: PasswordFieldProps;
  confirm: PasswordFieldProps;
  removeSignIns: boolean;
  onRemoveSignIns: (remove: boolean) => void;
  /** The new password is being sent. */
  pending: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

/** The reset form: the new password twice, whether to remove linked sign-ins, and the way back to sign-in. */
export function ResetPasswordView({ newPassword, confirm, removeSignIns, onRemoveSignIns, pending, onSubmit }: ResetPasswordViewProps) {
  return (
    <Container $narrow>
      <Panel>
        <h1>Choose a new password</h1>
        <p>Enter your new password twice. It must be at least {PASSWORD_MIN_LENGTH} characters long.</p>
        <Form onSubmit={onSubmit} noValidate aria-label="Reset password">
          <PasswordField label="New password" autoComplete="new-password" required {...newPassword} />
          <PasswordField label="Confirm new password" autoComplete="new-password" required {...confirm} />
          <CheckboxField
            label="Also remove linked Google / Microsoft sign-ins"
            hint="Choose this if someone else may have used your account: a sign-in they connected stops working. You can connect yours again from your profile."
            checked={removeSignIns}
            onChange={(event) => onRemoveSignIns(event.target.checked)}
          />
          <Button type="submit" block disabled={pending}>
            {pending ? 'Resetting…' : 'Reset Password'}
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

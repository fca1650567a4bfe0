import type { ChangeEvent, FormEvent } from 'react';
import styled from 'styled-components';
import { SIGN_IN_PROVIDER_LABELS, type SignInProviderName } from '@atrium/common';
import { ButtonAnchor } from '../../components/Button.tsx';
import { ChoiceCard } from '../../components/ChoiceCard.ts';
import { Dialog, DialogButtons, DialogRefusal } from '../../components/Dialog.tsx';
import { Form, PasswordField } from '../../components/Field.tsx';
import { ProviderLogo } from '../../components/ProviderLogo.tsx';
import type { FieldBinding } from '../../components/useForm.ts';

export type CertificatesChoice = 'keep' | 'revoke';

/**
 * How the owner shows it is them: the account's password, or, for an account without one (opened
 * by Google, Microsoft or a school's sign-in), having signed in within the last few minutes.
 */
export type DeleteAccountConfirmation = { by: 'password'; password: FieldBinding } | { by: 'recentSignIn' };

/**
 * The request: not sent (or refused on the password field, which says so itself), under way, or
 * refused with a sentence for above the buttons (the last admin, a lost connection, a sign-in that
 * is no longer recent, with the sign-in to go through again when the account has one).
 */
export type DeletionState =
  { state: 'idle' } | { state: 'deleting' } | { state: 'refused'; message: string; signInAgain: { provider: SignInProviderName; href: string } | null };

export interface DeleteAccountDialogViewProps {
  onOpenChange(open: boolean): void;
  certificates: { value: CertificatesChoice; onChange(event: ChangeEvent<HTMLInputElement>): void };
  confirmation: DeleteAccountConfirmation;
  deletion: DeletionState;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
}

const CERTIFICATE_CHOICES = [
  { value: 'keep', label: 'Keep my certificates verifiable', hint: 'Their numbers still check out, with "Former learner" instead of your name.' },
  { value: 'revoke', label: 'Revoke my certificates', hint: 'Their links and numbers stop working.' },
] as const;

/**
 * "Delete my account", drawn open (its container mounts it only while the dialog is open, so each
 * opening starts with an empty form): an AlertDialog, so it must be answered, and Cancel is where
 * focus starts.
 */
export function DeleteAccountDialogView({ onOpenChange, certificates, confirmation, deletion, onSubmit }: DeleteAccountDialogViewProps) {
  const refusal = deletion.state === 'refused' ? deletion : null;

  return (
    <Dialog
      kind="alert"
      open
      onOpenChange={onOpenChange}
      title="Delete your account?"
      description={
        <>
          Your name, e-mail address and photo are removed, with your linked sign-ins, school membership, invitations, reminders and messages, and you are signed
          out everywhere. Your comments stay, signed &quot;Former learner&quot;; kept certificates no longer carry your address. Orders and payments are kept as
          accounting records, without your e-mail address. This cannot be undone.
        </>
      }
    >
      <Form onSubmit={onSubmit} noValidate aria-label="Delete account">
        <Choices>
          <legend>Your certificates</legend>
          {CERTIFICATE_CHOICES.map((choice) => (
            <ChoiceCard key={choice.value}>
              <input type="radio" name="certificates" value={choice.value} checked={certificates.value === choice.value} onChange={certificates.onChange} />
              <span>
                <strong>{choice.label}</strong>
                <small>{choice.hint}</small>
              </span>
            </ChoiceCard>
          ))}
        </Choices>
        {confirmation.by === 'recentSignIn' ? (
          <p>Your account has no password: to confirm it is you, delete it within 10 minutes of signing in.</p>
        ) : (
          <PasswordField label="Your password" autoComplete="current-password" hint="To confirm it is you." {...confirmation.password} />
        )}
        {refusal ? (
          <DialogRefusal message={refusal.message}>
            {refusal.signInAgain ? (
              <ButtonAnchor variant="secondary" size="sm" href={refusal.signInAgain.href}>
                <ProviderLogo provider={refusal.signInAgain.provider} />
                {`Sign in again with ${SIGN_IN_PROVIDER_LABELS[refusal.signInAgain.provider]}`}
              </ButtonAnchor>
            ) : null}
          </DialogRefusal>
        ) : null}
        <DialogButtons label="Delete my account" busyLabel="Deleting…" busy={deletion.state === 'deleting'} tone="danger" />
      </Form>
    </Dialog>
  );
}

const Choices = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding: 0;
  border: 0;

  legend {
    margin-bottom: ${({ theme }) => theme.space.xs};
    padding: 0;
    font-size: ${({ theme }) => theme.fontSize.sm};
    font-weight: 600;
  }
`;

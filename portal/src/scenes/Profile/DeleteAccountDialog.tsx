import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import { SIGN_IN_PROVIDER_LABELS } from '@atrium/common';
import { deleteAccountSchema } from '@atrium/common/schemas/auth';
import { ApiError, errorText } from '../../api/client.ts';
import { useDeleteAccount } from '../../api/profile.ts';
import { useClearSession } from '../../api/session.ts';
import { useLinkedSignIns } from '../../api/signIns.ts';
import { Button, ButtonAnchor } from '../../components/Button.tsx';
import { ChoiceCard } from '../../components/ChoiceCard.ts';
import { Dialog, DialogActions, DialogCancel } from '../../components/Dialog.tsx';
import { Form, PasswordField } from '../../components/Field.tsx';
import { FormAlert } from '../../components/FormAlert.tsx';
import { ProviderLogo } from '../../components/ProviderLogo.tsx';
import { useToast } from '../../components/toast/Toaster.tsx';
import { useForm, type FieldErrors } from '../../components/useForm.ts';
import { providerStartUrl } from '../../session/providerSignIn.ts';

type DeleteFields = { password: string; certificates: string };
const INITIAL: DeleteFields = { password: '', certificates: 'keep' };

const CERTIFICATE_CHOICES = [
  { value: 'keep', label: 'Keep my certificates verifiable', hint: 'Their numbers still check out, with "Former learner" instead of your name.' },
  { value: 'revoke', label: 'Revoke my certificates', hint: 'Their links and numbers stop working.' },
] as const;

/**
 * "Delete my account", confirmed with the password: an AlertDialog, so it must be answered, and
 * Cancel is where focus starts. An account without a password (opened by Google, Microsoft or a
 * school's sign-in) confirms by having signed in within the last few minutes instead: the server
 * says so (403) and the dialog offers to sign in again. The server refuses the last admin (409);
 * that sentence is shown in the dialog rather than closing it.
 */
export function DeleteAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  return (
    <Dialog
      kind="alert"
      open={open}
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
      {/* Mounted only while the dialog is open, so every opening starts with an empty form. */}
      <DeleteAccountForm />
    </Dialog>
  );
}

function DeleteAccountForm() {
  const form = useForm<DeleteFields>(INITIAL);
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const clearSession = useClearSession();
  const { toast } = useToast();
  const signIns = useLinkedSignIns();
  const passwordless = signIns.data?.hasPassword === false;
  const reauthWith = signIns.data?.signIns[0]?.provider ?? null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = form.validate(deleteAccountSchema, passwordless ? { certificates: form.values.certificates } : form.values);
    if (!input) return;
    remove.mutate(input, {
      onSuccess: (answer) => {
        toast({ title: 'Account deleted', description: answer.message, variant: 'success' });
        // As with Sign Out: leave for the landing page first, then forget the user.
        navigate('/');
        clearSession();
      },
      onError: (error) => {
        const fields = fieldErrorsOf(error);
        if (fields) form.setErrors(fields);
      },
    });
  };
  // A wrong password belongs to its field; anything else (the last admin, a lost connection) is said above the buttons.
  const refusal = remove.error && !fieldErrorsOf(remove.error) ? errorText(remove.error, 'Your account could not be deleted. Please try again.') : null;

  return (
    <Form onSubmit={submit} noValidate aria-label="Delete account">
      <Choices>
        <legend>Your certificates</legend>
        {CERTIFICATE_CHOICES.map((choice) => (
          <ChoiceCard key={choice.value}>
            <input
              type="radio"
              name="certificates"
              value={choice.value}
              checked={form.values.certificates === choice.value}
              onChange={form.field('certificates').onChange}
            />
            <span>
              <strong>{choice.label}</strong>
              <small>{choice.hint}</small>
            </span>
          </ChoiceCard>
        ))}
      </Choices>
      {passwordless ? (
        <p>Your account has no password: to confirm it is you, delete it within 10 minutes of signing in.</p>
      ) : (
        <PasswordField label="Your password" autoComplete="current-password" hint="To confirm it is you." {...form.field('password')} />
      )}
      <FormAlert message={refusal} />
      {passwordless && reauthWith && remove.error instanceof ApiError && remove.error.status === 403 ? (
        <ButtonAnchor variant="secondary" size="sm" href={providerStartUrl(reauthWith, '/profile')}>
          <ProviderLogo provider={reauthWith} />
          {`Sign in again with ${SIGN_IN_PROVIDER_LABELS[reauthWith]}`}
        </ButtonAnchor>
      ) : null}
      <DialogActions>
        <DialogCancel>
          <Button variant="secondary">Cancel</Button>
        </DialogCancel>
        <Button type="submit" variant="danger" disabled={remove.isPending}>
          {remove.isPending ? 'Deleting…' : 'Delete my account'}
        </Button>
      </DialogActions>
    </Form>
  );
}

function fieldErrorsOf(error: Error): FieldErrors<DeleteFields> | null {
  return error instanceof ApiError && error.status === 400 && error.data?.errors ? (error.data.errors as FieldErrors<DeleteFields>) : null;
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

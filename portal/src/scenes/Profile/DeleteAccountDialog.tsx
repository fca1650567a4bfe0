import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { SignInProviderName } from '@atrium/common';
import { deleteAccountSchema } from '@atrium/common/schemas/auth';
import { ApiError, errorText } from '../../api/client.ts';
import { useDeleteAccount } from '../../api/profile.ts';
import { useClearSession } from '../../api/session.ts';
import { useLinkedSignIns } from '../../api/signIns.ts';
import { useToast } from '../../components/toast/Toaster.tsx';
import { useForm, type FieldErrors } from '../../components/useForm.ts';
import { providerStartUrl } from '../../session/providerSignIn.ts';
import { DeleteAccountDialogView, type CertificatesChoice, type DeletionState } from './DeleteAccountDialogView.tsx';

type DeleteFields = { password: string; certificates: CertificatesChoice };
const INITIAL: DeleteFields = { password: '', certificates: 'keep' };

/**
 * "Delete my account", confirmed with the password. An account without a password (opened by
 * Google, Microsoft or a school's sign-in) confirms by having signed in within the last few
 * minutes instead: the server says so (403) and the dialog offers to sign in again. The server
 * refuses the last admin (409); that sentence is shown in the dialog rather than closing it.
 */
export function DeleteAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  // Mounted only while open: every opening starts with an empty form and no earlier refusal.
  return open ? <OpenDeleteAccountDialog onOpenChange={onOpenChange} /> : null;
}

function OpenDeleteAccountDialog({ onOpenChange }: { onOpenChange(open: boolean): void }) {
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

  return (
    <DeleteAccountDialogView
      onOpenChange={onOpenChange}
      certificates={{ value: form.values.certificates, onChange: form.field('certificates').onChange }}
      confirmation={passwordless ? { by: 'recentSignIn' } : { by: 'password', password: form.field('password') }}
      deletion={deletionState(remove, passwordless ? reauthWith : null)}
      onSubmit={submit}
    />
  );
}

/**
 * A wrong password belongs to its field (the view shows it there); anything else (the last admin, a
 * lost connection, a sign-in that is no longer recent) is said above the buttons.
 */
function deletionState(remove: { isPending: boolean; error: Error | null }, reauthWith: SignInProviderName | null): DeletionState {
  if (remove.isPending) return { state: 'deleting' };
  const error = remove.error;
  if (!error || fieldErrorsOf(error)) return { state: 'idle' };
  const stale = reauthWith !== null && error instanceof ApiError && error.status === 403;
  return {
    state: 'refused',
    message: errorText(error, 'Your account could not be deleted. Please try again.'),
    signInAgain: stale ? { provider: reauthWith, href: providerStartUrl(reauthWith, '/profile') } : null,
  };
}

function fieldErrorsOf(error: Error): FieldErrors<DeleteFields> | null {
  return error instanceof ApiError && error.status === 400 && error.data?.errors ? (error.data.errors as FieldErrors<DeleteFields>) : null;
}

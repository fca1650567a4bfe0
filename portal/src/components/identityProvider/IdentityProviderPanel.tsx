import { useState } from 'react';
import { useLocation } from 'react-router';
import type { IdentityProviderInput } from '@atrium/common';
import { errorText } from '../../api/client.ts';
import {
  identityProviderTestUrl,
  useIdentityProvider,
  useRemoveIdentityProvider,
  useRequireIdentityProvider,
  useSaveIdentityProvider,
} from '../../api/identityProvider.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { mapRead, readState } from '../QueryState.tsx';
import { useToast } from '../toast/Toaster.tsx';
import { useForm } from '../useForm.ts';
import { useNow } from '../useNow.ts';
import { IdentityProviderView, type ProviderFormValues } from './IdentityProviderView.tsx';

const EMPTY: ProviderFormValues = { kind: 'saml', metadataXml: '', entityId: '', ssoUrl: '', certificate: '', issuer: '', clientId: '', clientSecret: '' };

/**
 * What the form sends: OIDC's issuer, client id and secret (an empty secret keeps the stored
 * one); for SAML the metadata when pasted, else the three settings (the server names what is missing).
 */
function toInput(values: ProviderFormValues): IdentityProviderInput {
  const given = (value: string) => (value.trim() ? value : undefined);
  if (values.kind === 'oidc') return { kind: 'oidc', issuer: values.issuer, clientId: values.clientId, clientSecret: given(values.clientSecret) };
  if (values.metadataXml.trim()) return { kind: 'saml', metadataXml: values.metadataXml };
  return { kind: 'saml', entityId: given(values.entityId), ssoUrl: given(values.ssoUrl), certificate: given(values.certificate) };
}

/**
 * The school's or trust's own sign-in provider (issue 57), under `root` (`/api/schools/:id` or
 * `/api/trusts/:id`): reads it, saves the form, disconnects after a confirmation.
 */
export function IdentityProviderPanel({ root, owner }: { root: string; owner: 'school' | 'trust' }) {
  const query = useIdentityProvider(root);
  const save = useSaveIdentityProvider(root);
  const remove = useRemoveIdentityProvider(root);
  const require = useRequireIdentityProvider(root);
  const location = useLocation();
  // Back from "Test sign-in" (?ssoTest=passed|failed): the result is brought into view; the test returns to this page without that mark.
  const params = new URLSearchParams(location.search);
  const justTested = params.has('ssoTest');
  params.delete('ssoTest');
  const here = `${location.pathname}${params.size ? `?${params}` : ''}`;
  const form = useForm(EMPTY);
  const { toast } = useToast();
  const [confirming, setConfirming] = useState(false);
  const now = useNow();
  // From the click until the answer is shown, the checkbox shows what was asked. Kept here, set in
  // the click's own handler: the mutation's pending state reaches the page a task later, and a
  // controlled checkbox springs back to the stored value in between.
  const [asked, setAsked] = useState<boolean | null>(null);
  const stored = query.data?.provider ?? null;
  const provider = stored && asked !== null ? { ...stored, required: asked } : stored;

  return (
    <>
      <IdentityProviderView
        owner={owner}
        provider={mapRead(readState(query), () => provider)}
        now={now}
        values={form.values}
        errors={form.errors}
        onChange={(name, value) => {
          form.setValues((current) => ({ ...current, [name]: value }));
          form.setErrors((current) => ({ ...current, [name]: undefined }));
        }}
        onSave={(event) => {
          event.preventDefault();
          save.mutate(toInput(form.values), {
            onSuccess: () => {
              toast({ title: 'Provider connected', description: 'Give your IT team the values shown, then staff can sign in with it.', variant: 'success' });
              form.reset();
            },
            onError: (error) => {
              if (!form.showServerErrors(error)) toast({ title: 'Not saved', description: errorText(error, 'Please try again.'), variant: 'destructive' });
            },
          });
        }}
        saving={save.isPending}
        onRemove={() => setConfirming(true)}
        removing={remove.isPending}
        testUrl={identityProviderTestUrl(root, here)}
        justTested={justTested && !query.isPending}
        requiredSaving={require.isPending}
        onRequiredChange={(required) => {
          setAsked(required);
          require.mutate(required, {
            // After the answer is in the cache (the hook's own onSuccess), so nothing springs back.
            onSettled: () => setAsked(null),
            onSuccess: () =>
              toast({
                title: required ? 'Staff now sign in with your provider' : 'Other sign-ins are allowed again',
                description: required ? 'Passwords, Google and Microsoft no longer open accounts on your domains.' : undefined,
                variant: 'success',
              }),
            onError: (error) => toast({ title: 'Not changed', description: errorText(error, 'Please try again.'), variant: 'destructive' }),
          });
        }}
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) remove.reset();
        }}
        title="Disconnect the provider?"
        description="Staff then sign in with a password, Google or Microsoft instead. Connecting a provider again later gives new addresses to enter at the provider."
        confirmLabel="Disconnect"
        busyLabel="Disconnecting…"
        busy={remove.isPending}
        // The dialog stays open for another try, so a refusal is said in it.
        error={remove.error ? errorText(remove.error, 'The provider was not disconnected. Please try again.') : null}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toast({ title: 'Provider disconnected', variant: 'success' });
            },
          })
        }
      />
    </>
  );
}

import { useState } from 'react';
import styled from 'styled-components';
import type { CreatedTranscriptShareDto, ExternalCpdDto, TranscriptSchoolDto, TranscriptShareDto } from '@atrium/common';
import { externalCpdFormSchema, transcriptShareSchema } from '@atrium/common/schemas/transcript';
import { errorText } from '../../api/client.ts';
import {
  useAddExternalCpd,
  useAttachEvidence,
  useCreateShare,
  useDeleteExternalCpd,
  useRemoveEvidence,
  useRevokeShare,
  useShareWithSchool,
  useTranscript,
  useTranscriptSharing,
} from '../../api/transcript.ts';
import { SharingPanel } from './SharingPanel.tsx';
import { Button } from '../../components/Button.tsx';
import { Form, TextField } from '../../components/Field.tsx';
import { PageHeading } from '../../components/Layout.tsx';
import { QueryState, readState } from '../../components/QueryState.tsx';
import { useToast } from '../../components/toast/Toaster.tsx';
import { useForm } from '../../components/useForm.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { TranscriptView } from './TranscriptView.tsx';

/** /transcript (issue 59): loads the record and runs its changes; TranscriptView draws it. */
export function TranscriptScene() {
  usePageTitle('My CPD transcript');
  const transcript = useTranscript();
  const remove = useDeleteExternalCpd();
  const [deletingId, setDeletingId] = useState<number | null>(null);
  const attach = useAttachEvidence();
  const removeEvidence = useRemoveEvidence();
  const [evidenceBusyId, setEvidenceBusyId] = useState<number | null>(null);
  const { toast } = useToast();

  const read = readState(transcript);
  if (read.state !== 'ready') {
    return (
      <QueryState
        read={read}
        loading="Loading your transcript"
        failed="Your transcript could not be loaded"
        headingLevel={2}
        above={<PageHeading title="My CPD transcript" />}
      >
        {() => null}
      </QueryState>
    );
  }

  const onDelete = (entry: ExternalCpdDto) => {
    setDeletingId(entry.id);
    remove
      .mutateAsync(entry.id)
      .then(() => toast({ title: 'Entry removed', description: entry.title, variant: 'success' }))
      .catch((error: unknown) => toast({ title: 'Could not remove it', description: errorText(error, 'Please try again.'), variant: 'destructive' }))
      .finally(() => setDeletingId(null));
  };

  const onAttachEvidence = (entry: ExternalCpdDto, file: File) => {
    setEvidenceBusyId(entry.id);
    attach
      .mutateAsync({ id: entry.id, file })
      .then((saved) => toast({ title: 'Evidence attached', description: saved.evidence?.fileName ?? entry.title, variant: 'success' }))
      .catch((error: unknown) => toast({ title: 'Could not attach it', description: errorText(error, 'Please try again.'), variant: 'destructive' }))
      .finally(() => setEvidenceBusyId(null));
  };

  const onRemoveEvidence = (entry: ExternalCpdDto) => {
    setEvidenceBusyId(entry.id);
    removeEvidence
      .mutateAsync(entry.id)
      .then(() => toast({ title: 'Evidence removed', description: entry.title, variant: 'success' }))
      .catch((error: unknown) => toast({ title: 'Could not remove it', description: errorText(error, 'Please try again.'), variant: 'destructive' }))
      .finally(() => setEvidenceBusyId(null));
  };

  return (
    <TranscriptView
      transcript={read.data}
      addForm={<AddExternalCpdForm />}
      onDelete={onDelete}
      deletingId={deletingId}
      onAttachEvidence={onAttachEvidence}
      onRemoveEvidence={onRemoveEvidence}
      evidenceBusyId={evidenceBusyId}
      sharing={<TranscriptSharing />}
    />
  );
}

/** "Share your record": loads the links and the school, and runs their changes; SharingPanel draws them. */
function TranscriptSharing() {
  const sharing = useTranscriptSharing();
  const revoke = useRevokeShare();
  const toSchool = useShareWithSchool();
  const [created, setCreated] = useState<CreatedTranscriptShareDto | null>(null);
  const [revokingId, setRevokingId] = useState<number | null>(null);
  const [schoolBusyId, setSchoolBusyId] = useState<number | null>(null);
  const { toast } = useToast();

  if (!sharing.data)
    return (
      <QueryState read={sharing} contained={false} headingLevel={2} loading="Loading your links" failed="Your links could not be loaded">
        {() => null}
      </QueryState>
    );

  const onCopy = (url: string) => {
    navigator.clipboard
      .writeText(url)
      .then(() => toast({ title: 'Link copied', description: 'Paste it into an e-mail or an application form.', variant: 'success' }))
      .catch(() => toast({ title: 'Could not copy', description: 'Select the link and copy it yourself.', variant: 'destructive' }));
  };
  const onRevoke = (link: TranscriptShareDto) => {
    setRevokingId(link.id);
    revoke
      .mutateAsync(link.id)
      .then(() => {
        if (created?.id === link.id) setCreated(null);
        toast({ title: 'Link stopped', description: 'Nobody can open your record with it any more.', variant: 'success' });
      })
      .catch((error: unknown) => toast({ title: 'Could not stop it', description: errorText(error, 'Please try again.'), variant: 'destructive' }))
      .finally(() => setRevokingId(null));
  };
  const onShareWithSchool = (school: TranscriptSchoolDto, shared: boolean) => {
    setSchoolBusyId(school.schoolId);
    toSchool
      .mutateAsync({ schoolId: school.schoolId, shared })
      .then(() =>
        toast({
          title: shared ? `${school.name} sees your whole record` : `${school.name} sees only what you did there`,
          variant: 'success',
        }),
      )
      .catch((error: unknown) => toast({ title: 'Could not change it', description: errorText(error, 'Please try again.'), variant: 'destructive' }))
      .finally(() => setSchoolBusyId(null));
  };

  return (
    <SharingPanel
      links={sharing.data.links}
      schools={sharing.data.schools}
      createForm={<CreateShareForm onCreated={setCreated} />}
      created={created}
      onCopy={onCopy}
      onRevoke={onRevoke}
      revokingId={revokingId}
      onShareWithSchool={onShareWithSchool}
      schoolBusyId={schoolBusyId}
    />
  );
}

/** Makes a share link, with an optional note of whom it is for. */
function CreateShareForm({ onCreated }: { onCreated: (share: CreatedTranscriptShareDto) => void }) {
  const form = useForm({ label: '' });
  const create = useCreateShare();
  const { toast } = useToast();
  const submit = form.handleSubmit(transcriptShareSchema, ({ label }) => {
    create
      .mutateAsync(label)
      .then((share) => {
        onCreated(share);
        form.reset({ label: '' });
      })
      .catch((error: unknown) => {
        if (form.showServerErrors(error)) return;
        toast({ title: 'Could not make the link', description: errorText(error, 'Please try again.'), variant: 'destructive' });
      });
  });
  return (
    <ShareForm onSubmit={submit} noValidate aria-label="Make a link to your record">
      <TextField label="Who is it for? (optional)" placeholder="e.g. Interview at Oak Academy" {...form.field('label')} />
      <div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Making the link…' : 'Make a link'}
        </Button>
      </div>
    </ShareForm>
  );
}

const EMPTY = { title: '', provider: '', completedOn: '', cpdHours: '' };

/** "Add external CPD": title, provider, date and hours of training done elsewhere (evidence is attached to the entry once added). */
function AddExternalCpdForm() {
  const form = useForm(EMPTY);
  const add = useAddExternalCpd();
  const { toast } = useToast();
  const submit = form.handleSubmit(externalCpdFormSchema, (parsed) => {
    add
      .mutateAsync(parsed)
      .then((saved) => {
        toast({ title: 'Added to your transcript', description: saved.title, variant: 'success' });
        form.reset(EMPTY);
      })
      .catch((error: unknown) => {
        if (form.showServerErrors(error)) return;
        toast({ title: 'Could not add it', description: errorText(error, 'Please try again.'), variant: 'destructive' });
      });
  });
  return (
    <AddForm onSubmit={submit} noValidate aria-labelledby="add-external-title">
      <h3 id="add-external-title">Add external CPD</h3>
      <TextField label="Title" markRequired placeholder="e.g. Phonics refresher" {...form.field('title')} />
      <TextField label="Provider" markRequired placeholder="e.g. Local authority" {...form.field('provider')} />
      <Row>
        <TextField label="Date completed" markRequired type="date" {...form.field('completedOn')} />
        <TextField label="Hours" markRequired inputMode="decimal" placeholder="e.g. 1.5" hint="To the quarter hour." {...form.field('cpdHours')} />
      </Row>
      <div>
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? 'Adding…' : 'Add to my transcript'}
        </Button>
      </div>
    </AddForm>
  );
}

const ShareForm = styled(Form)`
  margin-bottom: ${({ theme }) => theme.space.md};
`;

const AddForm = styled(Form)`
  margin-top: ${({ theme }) => theme.space.lg};
  padding-top: ${({ theme }) => theme.space.lg};
  border-top: 1px solid ${({ theme }) => theme.colors.border};

  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSize.lg};
  }
`;

const Row = styled.div`
  display: grid;
  align-items: start;
  gap: ${({ theme }) => theme.space.md};

  @media (min-width: 540px) {
    grid-template-columns: 1fr 1fr;
  }
`;

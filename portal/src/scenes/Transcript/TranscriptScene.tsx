import { useState } from 'react';
import styled from 'styled-components';
import type { ExternalCpdDto } from '@atrium/common';
import { externalCpdFormSchema } from '@atrium/common/schemas/transcript';
import { errorText } from '../../api/client.ts';
import { useAddExternalCpd, useDeleteExternalCpd, useTranscript } from '../../api/transcript.ts';
import { Button } from '../../components/Button.tsx';
import { Form, TextField } from '../../components/Field.tsx';
import { Container, PageHeading } from '../../components/Layout.tsx';
import { LoadingState } from '../../components/Loading.tsx';
import { LoadFailedMessage } from '../../components/LoadFailedMessage.tsx';
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
  const { toast } = useToast();

  if (transcript.isPending) return <LoadingState label="Loading your transcript" />;
  if (transcript.isError) {
    return (
      <Container>
        <PageHeading title="My CPD transcript" />
        <LoadFailedMessage headingLevel={2} title="Your transcript could not be loaded" error={transcript.error} onRetry={() => void transcript.refetch()} />
      </Container>
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

  return <TranscriptView transcript={transcript.data} addForm={<AddExternalCpdForm />} onDelete={onDelete} deletingId={deletingId} />;
}

const EMPTY = { title: '', provider: '', completedOn: '', cpdHours: '' };

/** "Add external CPD": title, provider, date and hours of training done elsewhere (no evidence file yet). */
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

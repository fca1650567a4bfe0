import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { ModuleDto } from '@atrium/common';
import { formatDuration } from '@atrium/common/rules/format';
import { useSaveModule } from '../../api/adminCatalogue.ts';
import { errorText } from '../../api/client.ts';
import { Button } from '../../components/Button.tsx';
import { Form, TextAreaField, TextField } from '../../components/Field.tsx';
import { useToast } from '../../components/toast/Toaster.tsx';
import { useForm } from '../../components/useForm.ts';
import { durationField, durationText, vimeoField, vimeoText } from './adminInput.ts';

/**
 * Add or edit a module (SPEC §5): the video as a Vimeo id or any vimeo.com link (parsed into id
 * and private hash), the duration as MM:SS or decimal minutes (empty = 0). A new module goes
 * last: orderIndex = module count + 1.
 */
export function ModuleForm({ courseId, module, moduleCount, onDone }: { courseId: number; module: ModuleDto | null; moduleCount: number; onDone(): void }) {
  const [initial] = useState(() => ({
    title: module?.title ?? '',
    description: module?.description ?? '',
    video: vimeoText(module?.vimeoVideoId, module?.vimeoHash),
    duration: module ? durationText(module.duration) : '',
  }));
  const form = useForm(initial);
  const save = useSaveModule(courseId);
  const { toast } = useToast();

  const video = form.values.video.trim() ? vimeoField(form.values.video) : null;
  const duration = durationField(form.values.duration);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { values } = form;
    const errors: Partial<Record<keyof typeof values, string>> = {};
    if (values.title.trim() === '') errors.title = 'Title is required';
    const parsedVideo = vimeoField(values.video);
    if ('error' in parsedVideo) errors.video = parsedVideo.error;
    if ('error' in duration) errors.duration = duration.error;
    if (Object.keys(errors).length > 0) {
      form.setErrors(errors);
      if (errors.title || values.video.trim() === '') {
        toast({ title: 'Missing information', description: 'A module needs a title and a Vimeo video id.', variant: 'destructive' });
      }
      return;
    }
    if ('error' in parsedVideo || 'error' in duration) return;
    save.mutate(
      {
        id: module?.id ?? null,
        fields: { title: values.title.trim(), description: values.description.trim(), vimeoVideoId: parsedVideo.value, duration: duration.seconds },
        orderIndex: module ? undefined : moduleCount + 1,
      },
      {
        onSuccess: (saved) => {
          toast({ title: module ? 'Module updated' : 'Module created', description: saved.title, variant: 'success' });
          onDone();
        },
        onError: (error) =>
          toast({ title: module ? 'Module update failed' : 'Module creation failed', description: errorText(error, 'Please try again.'), variant: 'destructive' }),
      },
    );
  };

  return (
    <Form onSubmit={submit} noValidate aria-label={module ? `Edit module ${module.title}` : 'Add a module'}>
      <TextField label="Title" markRequired maxLength={200} {...form.field('title')} />
      <TextAreaField label="Description" rows={3} maxLength={10000} {...form.field('description')} />
      <Pair>
        <TextField
          label="Vimeo video"
          markRequired
          placeholder="76979871 or https://vimeo.com/…"
          maxLength={500}
          autoComplete="off"
          hint={
            video && 'video' in video
              ? `Video ${video.video.id}${video.video.hash ? ` · private hash ${video.video.hash}` : ''}`
              : 'A Vimeo id, or paste the full vimeo.com link'
          }
          {...form.field('video')}
        />
        <TextField
          label="Duration"
          placeholder="12:30"
          inputMode="decimal"
          autoComplete="off"
          hint={'seconds' in duration && form.values.duration.trim() ? `${formatDuration(duration.seconds)} (${duration.seconds} seconds)` : 'MM:SS or minutes, e.g. 12:30 or 12.5'}
          {...form.field('duration')}
        />
      </Pair>
      <Actions>
        <Button variant="secondary" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : module ? 'Save Module' : 'Add Module'}
        </Button>
      </Actions>
    </Form>
  );
}

const Pair = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};

  @media (min-width: 640px) {
    grid-template-columns: 2fr 1fr;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
`;

import { useState } from 'react';
import styled from 'styled-components';
import type { ModuleDto } from '@atrium/common';
import { formatDuration } from '@atrium/common/rules/format';
import { DESCRIPTION_MAX, moduleFormSchema, TITLE_MAX } from '@atrium/common/schemas/catalogue';
import { useSaveModule } from '../../../api/adminCatalogue.ts';
import { errorText } from '../../../api/client.ts';
import { Button } from '../../../components/Button.tsx';
import { CharacterCount } from '../../../components/CharacterCount.tsx';
import { Form, TextAreaField, TextField } from '../../../components/Field.tsx';
import { useToast } from '../../../components/toast/Toaster.tsx';
import { useForm } from '../../../components/useForm.ts';
import { durationField, durationText, vimeoField, vimeoText, vimeoValue } from '../shared/adminInput.ts';

/**
 * Add or edit a module (SPEC §5): the video as a Vimeo id or any vimeo.com link (parsed into id
 * and private hash), the duration as MM:SS or decimal minutes (empty = 0). A new module goes
 * last: orderIndex = module count + 1.
 */
export function ModuleForm({ courseId, module, moduleCount, onDone }: { courseId: number; module: ModuleDto | null; moduleCount: number; onDone(): void }) {
  const [initial] = useState(() => ({
    title: module?.title ?? '',
    description: module?.description ?? '',
    vimeoVideoId: vimeoText(module?.vimeoVideoId, module?.vimeoHash),
    duration: module ? durationText(module.duration) : '',
  }));
  const form = useForm(initial);
  const save = useSaveModule(courseId);
  const { toast } = useToast();

  // Previews under the fields as the admin types; the schema decides on submit.
  const video = form.values.vimeoVideoId.trim() ? vimeoField(form.values.vimeoVideoId) : null;
  const duration = durationField(form.values.duration);

  const submit = form.handleSubmit(
    moduleFormSchema,
    (parsed) =>
      save.mutate(
        {
          id: module?.id ?? null,
          fields: { title: parsed.title, description: parsed.description, vimeoVideoId: vimeoValue(parsed.vimeoVideoId), duration: parsed.duration },
          orderIndex: module ? undefined : moduleCount + 1,
        },
        {
          onSuccess: (saved) => {
            toast({ title: module ? 'Module updated' : 'Module created', description: saved.title, variant: 'success' });
            onDone();
          },
          onError: (error) => {
            if (form.showServerErrors(error)) return;
            toast({
              title: module ? 'Module update failed' : 'Module creation failed',
              description: errorText(error, 'Please try again.'),
              variant: 'destructive',
            });
          },
        },
      ),
    {
      onInvalid: (errors) => {
        if (errors.title || form.values.vimeoVideoId.trim() === '') {
          toast({ title: 'Missing information', description: 'A module needs a title and a Vimeo video id.', variant: 'destructive' });
        }
      },
    },
  );

  return (
    <Form onSubmit={submit} noValidate aria-label={module ? `Edit module ${module.title}` : 'Add a module'}>
      <TextField label="Title" markRequired hint={<CharacterCount value={form.values.title} max={TITLE_MAX} />} {...form.field('title')} />
      <TextAreaField
        label="Description"
        rows={3}
        hint={<CharacterCount value={form.values.description} max={DESCRIPTION_MAX} />}
        {...form.field('description')}
      />
      <Pair>
        <TextField
          label="Vimeo video"
          markRequired
          placeholder="76979871 or https://vimeo.com/…"
          autoComplete="off"
          hint={
            video && 'video' in video
              ? `Video ${video.video.id}${video.video.hash ? ` · private hash ${video.video.hash}` : ''}`
              : 'A Vimeo id, or paste the full vimeo.com link'
          }
          {...form.field('vimeoVideoId')}
        />
        <TextField
          label="Duration"
          placeholder="12:30"
          inputMode="decimal"
          autoComplete="off"
          hint={
            'seconds' in duration && form.values.duration.trim()
              ? `${formatDuration(duration.seconds)} (${duration.seconds} seconds)`
              : 'MM:SS or minutes, e.g. 12:30 or 12.5'
          }
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

import { useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { CaptionTrackDto } from '@atrium/common';
import { captionLabel, captionLabelClash, captionLabelClashMessage, captionLang } from '@atrium/common/schemas/captions';
import { formatDuration } from '@atrium/common/rules/format';
import { z } from 'zod';
import { useCaptionCues, useDeleteCaptions, useModuleCaptions, useUploadCaptions } from '../../../api/captions.ts';
import { ApiError, errorText } from '../../../api/client.ts';
import { Button } from '../../../components/Button.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { Form, TextField } from '../../../components/Field.tsx';
import { Muted, RowActions } from '../../../components/Panel.ts';
import { QueryState } from '../../../components/QueryState.tsx';
import { useToast } from '../../../components/toast/Toaster.tsx';
import { useForm } from '../../../components/useForm.ts';

const uploadSchema = z.object({ lang: captionLang, label: captionLabel });
const PREVIEW_CUES = 6;

/**
 * A module's caption tracks on its edit form: one per language, WebVTT or SubRip (converted by
 * the server), previewed, replaced (upload the same language again) or removed.
 */
export function ModuleCaptions({ moduleId, courseId, moduleTitle }: { moduleId: number; courseId: number; moduleTitle: string }) {
  const tracks = useModuleCaptions(moduleId);
  const upload = useUploadCaptions(moduleId, courseId);
  const remove = useDeleteCaptions(moduleId, courseId);
  const { toast } = useToast();
  const form = useForm({ lang: '', label: '', file: '' });
  const fileInput = useRef<HTMLInputElement>(null);
  const [previewing, setPreviewing] = useState<string | null>(null);
  const [removing, setRemoving] = useState<CaptionTrackDto | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = form.validate(uploadSchema);
    const file = fileInput.current?.files?.[0];
    if (!file) {
      form.setErrors((current) => ({ ...current, file: 'Choose a .vtt or .srt file' }));
      return;
    }
    if (!parsed) return;
    const clash = captionLabelClash(tracks.data ?? [], parsed.lang, parsed.label);
    if (clash) {
      form.setErrors({ label: captionLabelClashMessage(clash, parsed.lang, parsed.label) });
      return;
    }
    upload.mutate(
      { lang: parsed.lang, label: parsed.label, file },
      {
        onSuccess: (track) => {
          toast({ title: 'Captions saved', description: `${track.label} · ${track.cueCount} cues`, variant: 'success' });
          form.reset();
          if (fileInput.current) fileInput.current.value = '';
          setPreviewing(track.lang);
        },
        onError: (error) => {
          if (form.showServerErrors(error)) return;
          toast({ title: 'Captions not saved', description: errorText(error, 'Please try again.'), variant: 'destructive' });
        },
      },
    );
  };

  const replace = (track: CaptionTrackDto) => {
    form.setValues({ lang: track.lang, label: track.label, file: '' });
    fileInput.current?.focus();
  };

  return (
    <Section aria-labelledby={`captions-${moduleId}`}>
      <h3 id={`captions-${moduleId}`}>Captions</h3>
      <QueryState
        read={tracks}
        size="inline"
        loading="Loading the captions"
        failed="The captions could not be loaded."
        isEmpty={(list) => list.length === 0}
        empty="No captions yet. Learners watching with the sound off need them."
      >
        {(list) => (
          <Tracks aria-label={`Caption tracks of ${moduleTitle}`}>
            {list.map((track) => (
              <li key={track.lang}>
                <TrackLine>
                  <span>
                    <strong>{track.label}</strong> <Muted>({track.lang})</Muted>
                    <br />
                    <Muted>
                      {track.cueCount} cues{track.sourceFormat === 'srt' ? ' · converted from SubRip' : ''}
                    </Muted>
                  </span>
                  <RowActions>
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-expanded={previewing === track.lang}
                      onClick={() => setPreviewing(previewing === track.lang ? null : track.lang)}
                    >
                      {previewing === track.lang ? 'Hide preview' : 'Preview'}
                      <span className="visually-hidden"> {track.label}</span>
                    </Button>
                    <Button size="sm" variant="secondary" onClick={() => replace(track)}>
                      Replace<span className="visually-hidden"> {track.label}</span>
                    </Button>
                    <Button size="sm" variant="danger" onClick={() => setRemoving(track)}>
                      Remove<span className="visually-hidden"> {track.label}</span>
                    </Button>
                  </RowActions>
                </TrackLine>
                {previewing === track.lang ? <CuePreview track={track} /> : null}
              </li>
            ))}
          </Tracks>
        )}
      </QueryState>

      <Form onSubmit={submit} noValidate aria-label={`Upload captions for ${moduleTitle}`}>
        <Fields>
          <TextField
            label="Language code"
            markRequired
            placeholder="en or en-GB"
            autoComplete="off"
            hint="A language tag: en, en-GB, cy, fr…"
            {...form.field('lang')}
          />
          <TextField
            label="Label"
            markRequired
            placeholder="English"
            autoComplete="off"
            hint="What learners see in the language switcher"
            {...form.field('label')}
          />
        </Fields>
        <TextField
          ref={fileInput}
          label="Caption file"
          markRequired
          type="file"
          accept=".vtt,.srt,text/vtt,application/x-subrip"
          hint="WebVTT (.vtt) or SubRip (.srt), UTF-8, at most 1 MB. A language that already has a track is replaced."
          name="file"
          error={form.errors.file ?? null}
          onChange={() => form.setErrors((current) => ({ ...current, file: undefined }))}
        />
        <div>
          <Button type="submit" disabled={upload.isPending}>
            {upload.isPending ? 'Uploading…' : 'Upload captions'}
          </Button>
        </div>
      </Form>

      <ConfirmDialog
        open={removing !== null}
        title="Remove these captions?"
        description={removing ? `Learners will no longer see the ${removing.label} captions or transcript of “${moduleTitle}”.` : ''}
        confirmLabel="Remove captions"
        busy={remove.isPending}
        busyLabel="Removing…"
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.lang, {
            onSuccess: () => toast({ title: 'Captions removed', description: removing.label, variant: 'success' }),
            onError: (error) =>
              toast({
                title: 'Captions not removed',
                description: error instanceof ApiError ? errorText(error, 'Please try again.') : 'Please try again.',
                variant: 'destructive',
              }),
            onSettled: () => setRemoving(null),
          });
        }}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
      />
    </Section>
  );
}

function CuePreview({ track }: { track: CaptionTrackDto }) {
  const cues = useCaptionCues(track.url);
  return (
    <QueryState read={cues} size="inline" loading="Loading the cues" failed="The cues could not be loaded.">
      {(list) => (
        <Preview aria-label={`First cues of ${track.label}`}>
          {list.slice(0, PREVIEW_CUES).map((cue, index) => (
            <li key={index}>
              <Time>
                {formatDuration(cue.start)}–{formatDuration(cue.end)}
              </Time>{' '}
              {cue.text}
            </li>
          ))}
          {list.length > PREVIEW_CUES ? <li>… and {list.length - PREVIEW_CUES} more</li> : null}
        </Preview>
      )}
    </QueryState>
  );
}

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.lg};
  padding-top: ${({ theme }) => theme.space.lg};
  border-top: 1px solid ${({ theme }) => theme.colors.border};

  h3 {
    margin: 0;
  }
`;

const Tracks = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
`;

const TrackLine = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
`;

const Fields = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};

  @media (min-width: 640px) {
    grid-template-columns: 1fr 2fr;
  }
`;

const Preview = styled.ol`
  margin: ${({ theme }) => theme.space.sm} 0 0;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  list-style: none;
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-radius: ${({ theme }) => theme.radius.md};
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
`;

const Time = styled.span`
  font-variant-numeric: tabular-nums;
  color: ${({ theme }) => theme.colors.textMuted};
`;

import { useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { ModuleDto, ResourceDto } from '@atrium/common';
import { RESOURCE_ACCEPT, RESOURCE_MAX_BYTES, formatFileSize } from '@atrium/common/rules/resourceTypes';
import { resourceFieldsSchema } from '@atrium/common/schemas/resources';
import { ApiError, errorText } from '../../../api/client.ts';
import { useResourceAdmin, type ResourceOwner } from '../../../api/resources.ts';
import { Button } from '../../../components/Button.tsx';
import { CharacterCount } from '../../../components/CharacterCount.tsx';
import { Form, TextAreaField, TextField } from '../../../components/Field.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { useToast } from '../../../components/toast/Toaster.tsx';
import { useForm } from '../../../components/useForm.ts';

/** The file picker's own check, before a byte is sent (the server checks again, by content). */
export function fileProblem(file: File | null): string | null {
  if (!file) return 'Choose a file to upload';
  if (file.size > RESOURCE_MAX_BYTES) return `The file is ${formatFileSize(file.size)}: the largest a resource may be is 25 MB.`;
  if (file.size === 0) return 'The file is empty.';
  return null;
}

const ownerValue = (owner: ResourceOwner) => `${owner.kind}:${owner.id}`;

function ownerFrom(value: string): ResourceOwner {
  const [kind, id] = value.split(':');
  return { kind: kind === 'module' ? 'module' : 'course', id: Number(id) };
}

/**
 * Attach a file (where: the course or one of its modules; title; description; the file) or, with
 * `resource`, edit a resource's title and description.
 */
export function ResourceForm({
  courseId,
  modules,
  resource,
  onDone,
}: {
  courseId: number;
  modules: ModuleDto[];
  resource: ResourceDto | null;
  onDone(): void;
}) {
  const [initial] = useState(() => ({
    owner: resource ? '' : ownerValue({ kind: 'course', id: courseId }),
    title: resource?.title ?? '',
    description: resource?.description ?? '',
  }));
  const form = useForm(initial);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const { attach, update } = useResourceAdmin(courseId);
  const { toast } = useToast();
  const saving = attach.isPending || update.isPending;

  const onError = (error: unknown) => {
    const fieldError = error instanceof ApiError ? error.data?.errors?.file : undefined;
    if (fieldError) {
      setFileError(fieldError);
      fileInput.current?.focus();
      return;
    }
    if (form.showServerErrors(error)) return;
    toast({
      title: resource ? 'The resource was not saved' : 'The file was not attached',
      description: errorText(error, 'Please try again.'),
      variant: 'destructive',
    });
  };

  // Built as the form is submitted: the handler reaches the file input's ref, which render must not.
  const submit = (event: FormEvent) =>
    form.handleSubmit(resourceFieldsSchema, (fields) => {
      if (resource) {
        update.mutate(
          { id: resource.id, title: fields.title, description: fields.description },
          {
            onSuccess: (saved) => {
              toast({ title: 'Resource updated', description: saved.title, variant: 'success' });
              onDone();
            },
            onError,
          },
        );
        return;
      }
      const problem = fileProblem(file);
      setFileError(problem);
      if (problem || !file) {
        fileInput.current?.focus();
        return;
      }
      attach.mutate(
        { owner: ownerFrom(form.values.owner), title: fields.title, description: fields.description, file },
        {
          onSuccess: (saved) => {
            toast({ title: 'Resource attached', description: saved.title, variant: 'success' });
            onDone();
          },
          onError,
        },
      );
    })(event);

  return (
    <Form onSubmit={submit} noValidate aria-label={resource ? `Edit ${resource.title}` : 'Attach a resource'}>
      {resource ? null : (
        <SelectField
          label="Attach to"
          options={[
            { value: ownerValue({ kind: 'course', id: courseId }), label: 'The course (shown on the course page)' },
            ...modules.map((module, index) => ({ value: ownerValue({ kind: 'module', id: module.id }), label: `Module ${index + 1}: ${module.title}` })),
          ]}
          {...form.field('owner')}
        />
      )}
      <TextField label="Title" markRequired autoComplete="off" hint={<CharacterCount value={form.values.title} max={200} />} {...form.field('title')} />
      <TextAreaField
        label="Description"
        hint={
          <>
            Optional: what it is for. <CharacterCount value={form.values.description} max={1000} />
          </>
        }
        rows={3}
        {...form.field('description')}
      />
      {resource ? null : (
        <FilePicker>
          <label htmlFor="resource-file">
            File <span aria-hidden="true">*</span>
          </label>
          <input
            ref={fileInput}
            id="resource-file"
            type="file"
            accept={RESOURCE_ACCEPT}
            aria-describedby={fileError ? 'resource-file-hint resource-file-error' : 'resource-file-hint'}
            aria-invalid={fileError ? true : undefined}
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              setFile(chosen);
              setFileError(chosen ? fileProblem(chosen) : null);
            }}
          />
          <small id="resource-file-hint">PDF, Word, Excel, PowerPoint, an image (PNG, JPEG, GIF, WebP) or ZIP; up to 25 MB.</small>
          {fileError ? (
            <strong id="resource-file-error" role="alert">
              {fileError}
            </strong>
          ) : null}
        </FilePicker>
      )}
      <Actions>
        <Button type="submit" disabled={saving}>
          {saving ? (resource ? 'Saving…' : 'Uploading…') : resource ? 'Save' : 'Attach file'}
        </Button>
        <Button variant="ghost" onClick={onDone} disabled={saving}>
          Cancel
        </Button>
      </Actions>
    </Form>
  );
}

const FilePicker = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xxs};

  label {
    font-weight: 600;
  }
  input {
    min-height: 44px;
    max-width: 100%;
  }
  small {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSize.sm};
  }
  strong {
    color: ${({ theme }) => theme.colors.danger};
    font-weight: 500;
    font-size: ${({ theme }) => theme.fontSize.sm};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
`;

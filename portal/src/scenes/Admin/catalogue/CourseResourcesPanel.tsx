import { useRef, useState } from 'react';
import styled from 'styled-components';
import type { ModuleDto, ResourceDto } from '@atrium/common';
import { formatFileSize } from '@atrium/common/rules/resourceTypes';
import { errorText } from '../../../api/client.ts';
import { useCourseResources, useResourceAdmin, type ResourceOwner } from '../../../api/resources.ts';
import { Button } from '../../../components/Button.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { Muted, PanelHeader, PanelLead, RowActions, RowList } from '../../../components/Panel.ts';
import { QueryState } from '../../../components/QueryState.tsx';
import { useToast } from '../../../components/toast/Toaster.tsx';
import { CoursePartPanel, CoursePartRow } from '../shared/adminStyles.ts';
import { fileProblem, ResourceForm } from './ResourceForm.tsx';
import { useConfirmRemoval } from '../shared/useConfirmRemoval.ts';
import { MoveButtons } from '../shared/MoveButtons.tsx';

type Editing = { kind: 'new' } | { kind: 'edit'; resource: ResourceDto } | null;

/** /admin/courses/:id → Resources: files attached to the course or its modules; attach, edit, reorder, replace, remove. */
export function CourseResourcesPanel({ courseId, modules }: { courseId: number; modules: ModuleDto[] }) {
  const resources = useCourseResources(courseId);
  const admin = useResourceAdmin(courseId);
  const { toast } = useToast();
  const [editing, setEditing] = useState<Editing>(null);
  const removal = useConfirmRemoval<ResourceDto>(admin.remove, { done: 'Resource removed', failed: 'The resource was not removed' });
  const [announcement, setAnnouncement] = useState('');
  const replaceInput = useRef<HTMLInputElement>(null);
  const [replacing, setReplacing] = useState<ResourceDto | null>(null);

  const all = resources.data?.resources ?? [];
  const groups: Array<{ owner: ResourceOwner; title: string; items: ResourceDto[] }> = [
    { owner: { kind: 'course' as const, id: courseId }, title: 'Course page', items: all.filter((resource) => resource.moduleId === null) },
    ...modules.map((module, index) => ({
      owner: { kind: 'module' as const, id: module.id },
      title: `Module ${index + 1}: ${module.title}`,
      items: all.filter((resource) => resource.moduleId === module.id),
    })),
  ].filter((group) => group.items.length > 0);

  const move = (owner: ResourceOwner, items: ResourceDto[], resource: ResourceDto, by: -1 | 1) => {
    const from = items.findIndex((item) => item.id === resource.id);
    const to = from + by;
    if (to < 0 || to >= items.length) return;
    const ids = items.map((item) => item.id);
    ids.splice(from, 1);
    ids.splice(to, 0, resource.id);
    setAnnouncement(`${resource.title} moved to position ${to + 1} of ${items.length}.`);
    admin.reorder.mutate(
      { owner, resourceIds: ids },
      { onError: (error) => toast({ title: 'Reorder failed', description: errorText(error, 'The new order was not saved.'), variant: 'destructive' }) },
    );
  };

  const replaceWith = (file: File | null) => {
    const resource = replacing;
    setReplacing(null);
    if (!resource || !file) return;
    const problem = fileProblem(file);
    if (problem) {
      toast({ title: 'The file was not replaced', description: problem, variant: 'destructive' });
      return;
    }
    admin.replace.mutate(
      { id: resource.id, file },
      {
        onSuccess: (saved) => toast({ title: 'File replaced', description: `${saved.title}: ${saved.fileName}`, variant: 'success' }),
        onError: (error) => toast({ title: 'The file was not replaced', description: errorText(error, 'Please try again.'), variant: 'destructive' }),
      },
    );
  };

  return (
    <CoursePartPanel aria-labelledby="resources-admin-title">
      <PanelHeader>
        <h2 id="resources-admin-title">Resources</h2>
        <Button size="sm" onClick={() => setEditing({ kind: 'new' })} disabled={editing?.kind === 'new'}>
          <Icon name="upload" size={18} /> Attach File
        </Button>
      </PanelHeader>
      <PanelLead>Checklists, templates and handouts learners keep. Enrolled learners and licensed staff download them; others see the list.</PanelLead>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {editing ? (
        <FormBox>
          <h3>{editing.kind === 'new' ? 'Attach a file' : `Edit “${editing.resource.title}”`}</h3>
          <ResourceForm
            key={editing.kind === 'new' ? 'new' : editing.resource.id}
            courseId={courseId}
            modules={modules}
            resource={editing.kind === 'edit' ? editing.resource : null}
            onDone={() => setEditing(null)}
          />
        </FormBox>
      ) : null}
      <QueryState
        read={resources}
        size="panel"
        loading="Loading resources"
        failed="The resources could not be loaded."
        // The groups are the read's resources by where they stand (the course page, each module).
        isEmpty={() => groups.length === 0}
        empty="No resources yet. Attach a PDF, a document or an image to the course or to a module."
      >
        {() =>
          groups.map((group) => (
            <Group key={`${group.owner.kind}-${group.owner.id}`} aria-label={group.title}>
              <h3>{group.title}</h3>
              <RowList>
                {group.items.map((resource, index) => (
                  <Row key={resource.id}>
                    <div>
                      <strong>{resource.title}</strong>
                      <Muted>
                        {resource.fileName} · {resource.typeLabel} · {formatFileSize(resource.size)}
                      </Muted>
                    </div>
                    <RowActions>
                      <MoveButtons
                        title={resource.title}
                        index={index}
                        count={group.items.length}
                        onMove={(by) => move(group.owner, group.items, resource, by)}
                      />
                      <Button size="sm" variant="secondary" onClick={() => setEditing({ kind: 'edit', resource })} aria-label={`Edit ${resource.title}`}>
                        <Icon name="edit" size={16} /> Edit
                      </Button>
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={`Replace the file of ${resource.title}`}
                        disabled={admin.replace.isPending}
                        onClick={() => {
                          setReplacing(resource);
                          replaceInput.current?.click();
                        }}
                      >
                        <Icon name="upload" size={16} /> {admin.replace.isPending && admin.replace.variables?.id === resource.id ? 'Replacing…' : 'Replace'}
                      </Button>
                      <Button size="sm" variant="ghost" onClick={() => removal.ask(resource)} aria-label={`Remove ${resource.title}`}>
                        <Icon name="trash" size={16} /> Remove
                      </Button>
                    </RowActions>
                  </Row>
                ))}
              </RowList>
            </Group>
          ))
        }
      </QueryState>
      <input
        ref={replaceInput}
        type="file"
        hidden
        aria-hidden="true"
        tabIndex={-1}
        onChange={(event) => {
          replaceWith(event.target.files?.[0] ?? null);
          event.target.value = '';
        }}
      />
      <ConfirmDialog
        {...removal.dialog}
        title="Remove this resource?"
        description={`“${removal.pending?.title ?? ''}” will no longer be offered to learners, and its file will be deleted.`}
        confirmLabel="Remove resource"
      />
    </CoursePartPanel>
  );
}

const FormBox = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin-bottom: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};

  h3 {
    font-size: ${({ theme }) => theme.fontSize.lg};
  }
`;

const Group = styled.section`
  & + & {
    margin-top: ${({ theme }) => theme.space.lg};
  }
  h3 {
    margin-bottom: ${({ theme }) => theme.space.xs};
    font-size: ${({ theme }) => theme.fontSize.md};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** Title and file facts sit tight: no gap between them, as wide as the row. */
const Row = styled(CoursePartRow)`
  & > div:first-child {
    gap: 0;
    justify-items: normal;
  }
`;

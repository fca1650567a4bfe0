import { useLayoutEffect, useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import type { CourseDetailDto, ModuleDto } from '@atrium/common';
import { formatDuration } from '@atrium/common/rules/format';
import { priceListText } from '../../../components/coursePrice.ts';
import { Badge } from '../../../components/Badge.tsx';
import { Button } from '../../../components/Button.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { PageHeading } from '../../../components/Layout.tsx';
import type { ReadState } from '../../../components/QueryState.tsx';
import { EmptyText, Muted, Panel, PanelHeader, RowActions } from '../../../components/Panel.ts';
import { AdminRecordPage, BackToAdmin } from '../shared/AdminRecordPage.tsx';
import { MoveButtons } from '../shared/MoveButtons.tsx';

/** What the page's heading says of the course. */
export type AdminCourseFacts = Pick<CourseDetailDto, 'id' | 'title' | 'price' | 'prices' | 'totalModules' | 'totalDuration'>;

/** The course being managed, as read: its facts and its modules in order. */
export type AdminCourseState = ReadState<{ course: AdminCourseFacts; modules: ModuleDto[] }>;

/** The module form beside the list: closed, a new module, or one being edited. */
export type ModuleEditing = { kind: 'new' } | { kind: 'edit'; module: ModuleDto } | null;

export interface AdminCourseViewProps {
  course: AdminCourseState;
  editing: ModuleEditing;
  onEditingChange: (editing: ModuleEditing) => void;
  /** The module form (and, for a module being edited, its captions): containers of their own. */
  editor?: ReactNode;
  /** The knowledge checks, assignments and resources panels below the modules (containers of their own). */
  panels?: ReactNode;
  /** Moves a module one place up (-1) or down (1); the view moves the focus with it. */
  onMove: (module: ModuleDto, by: -1 | 1) => void;
  /** What a screen reader hears after a move ("… moved to position 2 of 5."). */
  announcement: string;
  /** The module the admin asked to delete, awaiting confirmation. */
  pendingDelete: ModuleDto | null;
  onRequestDelete: (module: ModuleDto | null) => void;
  onConfirmDelete: () => void;
  deleting: boolean;
}

/** /admin/courses/:courseId: the course's modules, in order, with add, edit, delete and reorder. */
export function AdminCourseView({ course, panels, ...modules }: AdminCourseViewProps) {
  return (
    <AdminRecordPage
      read={course}
      loading="Loading course"
      failed="The course could not be loaded"
      notFound={{ icon: 'book', title: 'Course not found', text: 'It may have been deleted.' }}
    >
      {({ course: data, modules: list }) => (
        <>
          <PageHeading
            title={data.title}
            lead={
              <Facts>
                <Badge $tone={data.price > 0 ? 'accent' : 'success'}>{priceListText(data)}</Badge>
                <span>
                  {data.totalModules} {data.totalModules === 1 ? 'module' : 'modules'}
                  {data.totalDuration > 0 ? ` · ${formatDuration(data.totalDuration)} in total` : ''}
                </span>
              </Facts>
            }
            actions={<BackToAdmin />}
          />
          <Modules modules={list} {...modules} />
          {panels}
        </>
      )}
    </AdminRecordPage>
  );
}

function Modules({
  modules,
  editing,
  onEditingChange,
  editor,
  onMove,
  announcement,
  pendingDelete,
  onRequestDelete,
  onConfirmDelete,
  deleting,
}: Omit<AdminCourseViewProps, 'course' | 'panels'> & { modules: ModuleDto[] }) {
  const list = useRef<HTMLOListElement>(null);
  // The module just moved and where it went: once the list shows it there, focus follows it.
  const focusAfterMove = useRef<{ id: number; index: number; by: -1 | 1 } | null>(null);

  useLayoutEffect(() => {
    const pending = focusAfterMove.current;
    if (!pending || modules[pending.index]?.id !== pending.id) return;
    focusAfterMove.current = null;
    const row = list.current?.querySelector<HTMLElement>(`[data-module-id="${pending.id}"]`);
    // The same button again, or the other one once the module reaches either end.
    const button =
      row?.querySelector<HTMLButtonElement>(`[data-move="${pending.by}"]:not(:disabled)`) ??
      row?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)');
    button?.focus();
  }, [modules]);

  const move = (module: ModuleDto, by: -1 | 1) => {
    const from = modules.findIndex((candidate) => candidate.id === module.id);
    const to = from + by;
    if (from < 0 || to < 0 || to >= modules.length) return;
    onMove(module, by);
    focusAfterMove.current = { id: module.id, index: to, by };
  };

  return (
    <Layout>
      <Panel aria-labelledby="modules-title">
        <PanelHeader>
          <h2 id="modules-title">Modules</h2>
          <Button size="sm" onClick={() => onEditingChange({ kind: 'new' })} disabled={editing?.kind === 'new'}>
            <Icon name="plus" size={18} /> Add Module
          </Button>
        </PanelHeader>
        <p className="visually-hidden" role="status" aria-live="polite">
          {announcement}
        </p>
        {modules.length === 0 ? (
          <EmptyText>No modules yet. Add the first one.</EmptyText>
        ) : (
          <List ref={list} aria-label="Modules in order">
            {modules.map((module, index) => (
              <Row key={module.id} data-module-id={module.id} $active={editing?.kind === 'edit' && editing.module.id === module.id}>
                <Position aria-hidden="true">{index + 1}</Position>
                <Body>
                  <strong>{module.title}</strong>
                  <Muted>
                    <span className="visually-hidden">
                      Position {index + 1} of {modules.length}.{' '}
                    </span>
                    {module.duration > 0 ? formatDuration(module.duration) : 'No duration'} · Vimeo {module.vimeoVideoId ?? '—'}
                    {module.vimeoHash ? ' (private)' : ''}
                  </Muted>
                </Body>
                <RowActions>
                  <MoveButtons title={module.title} index={index} count={modules.length} onMove={(by) => move(module, by)} />
                  <Button size="sm" variant="secondary" onClick={() => onEditingChange({ kind: 'edit', module })} aria-label={`Edit ${module.title}`}>
                    <Icon name="edit" size={16} /> Edit
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => onRequestDelete(module)} aria-label={`Delete ${module.title}`}>
                    <Icon name="trash" size={16} /> Delete
                  </Button>
                </RowActions>
              </Row>
            ))}
          </List>
        )}
      </Panel>

      {editing ? (
        <Panel aria-labelledby="module-form-title">
          <PanelHeader>
            <h2 id="module-form-title">{editing.kind === 'new' ? 'Add a module' : `Edit “${editing.module.title}”`}</h2>
          </PanelHeader>
          {editor}
        </Panel>
      ) : null}

      <ConfirmDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => {
          if (!open) onRequestDelete(null);
        }}
        title="Delete this module?"
        description={`“${pendingDelete?.title ?? ''}” will be removed with its learners’ progress and comments. This cannot be undone.`}
        confirmLabel="Delete module"
        busy={deleting}
        onConfirm={onConfirmDelete}
      />
    </Layout>
  );
}

const Facts = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.fontSize.md};
`;

const Layout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};

  ${media.desktop} {
    grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
    align-items: start;
  }
`;

const List = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;

  & > li + li {
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const Row = styled.li<{ $active: boolean }>`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
  align-items: center;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.xs};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme, $active }) => ($active ? theme.colors.accentSoft : 'transparent')};

  & > div:last-child {
    grid-column: 2;
    gap: ${({ theme }) => theme.space.xxs};
  }

  ${media.tablet} {
    grid-template-columns: auto minmax(0, 1fr) auto;

    & > div:last-child {
      grid-column: auto;
    }
  }
`;

const Position = styled.span`
  display: grid;
  place-items: center;
  width: 32px;
  height: 32px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: 700;
  font-variant-numeric: tabular-nums;
`;

const Body = styled.div`
  display: grid;
  min-width: 0;

  strong {
    font-weight: 600;
    overflow-wrap: anywhere;
  }
`;

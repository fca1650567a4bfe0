import { useState } from 'react';
import { useParams } from 'react-router';
import type { ModuleDto } from '@atrium/common';
import { useDeleteModule, useReorderModules } from '../../../api/adminCatalogue.ts';
import { errorText } from '../../../api/client.ts';
import { useCourse } from '../../../api/courses.ts';
import { sortModules } from '../../../components/moduleOrder.ts';
import { useToast } from '../../../components/toast/Toaster.tsx';
import { mapRead, readState } from '../../../components/QueryState.tsx';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { AdminCourseView, type AdminCourseState, type ModuleEditing } from './AdminCourseView.tsx';
import { AssignmentsPanel } from './AssignmentsPanel.tsx';
import { CourseResourcesPanel } from './CourseResourcesPanel.tsx';
import { KnowledgeChecksPanel } from './KnowledgeChecksPanel.tsx';
import { ModuleCaptions } from './ModuleCaptions.tsx';
import { ModuleForm } from './ModuleForm.tsx';

/** /admin/courses/:courseId: reads the course, deletes and reorders its modules, draws AdminCourseView. */
export function AdminCourseScene() {
  const { courseId = '' } = useParams();
  const course = useCourse(courseId);
  usePageTitle(course.data ? `Manage ${course.data.title}` : 'Manage course');
  const [editing, setEditing] = useState<ModuleEditing>(null);
  const [pendingDelete, setPendingDelete] = useState<ModuleDto | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const remove = useDeleteModule();
  const reorder = useReorderModules(course.data?.id ?? Number(courseId));
  const { toast } = useToast();

  const modules = course.data ? sortModules(course.data.modules) : [];
  const state: AdminCourseState = mapRead(readState(course), (data) => ({ course: data, modules }));

  const move = (module: ModuleDto, by: -1 | 1) => {
    const from = modules.findIndex((candidate) => candidate.id === module.id);
    const to = from + by;
    if (from < 0 || to < 0 || to >= modules.length) return;
    const ids = modules.map((candidate) => candidate.id);
    ids.splice(from, 1);
    ids.splice(to, 0, module.id);
    setAnnouncement(`${module.title} moved to position ${to + 1} of ${modules.length}.`);
    reorder.mutate(ids, {
      onError: (error) => {
        setAnnouncement(`${module.title} could not be moved.`);
        toast({ title: 'Reorder failed', description: errorText(error, 'The new order was not saved.'), variant: 'destructive' });
      },
    });
  };

  const confirmDelete = () => {
    if (!pendingDelete) return;
    const { id, title } = pendingDelete;
    remove.mutate(id, {
      onSuccess: () => {
        setPendingDelete(null);
        if (editing?.kind === 'edit' && editing.module.id === id) setEditing(null);
        toast({ title: 'Module deleted', description: title, variant: 'success' });
      },
      onError: (error) => {
        setPendingDelete(null);
        toast({ title: 'Module deletion failed', description: errorText(error, 'Please try again.'), variant: 'destructive' });
      },
    });
  };

  const data = course.data;
  return (
    <AdminCourseView
      course={state}
      editing={editing}
      onEditingChange={setEditing}
      editor={
        data && editing ? (
          <>
            <ModuleForm
              key={editing.kind === 'new' ? 'new' : editing.module.id}
              courseId={data.id}
              module={editing.kind === 'edit' ? editing.module : null}
              moduleCount={modules.length}
              onDone={() => setEditing(null)}
            />
            {editing.kind === 'edit' ? <ModuleCaptions moduleId={editing.module.id} courseId={data.id} moduleTitle={editing.module.title} /> : null}
          </>
        ) : null
      }
      panels={
        data ? (
          <>
            <KnowledgeChecksPanel course={data} modules={modules} />
            <AssignmentsPanel courseId={data.id} modules={modules} />
            <CourseResourcesPanel courseId={data.id} modules={modules} />
          </>
        ) : null
      }
      onMove={move}
      announcement={announcement}
      pendingDelete={pendingDelete}
      onRequestDelete={setPendingDelete}
      onConfirmDelete={confirmDelete}
      deleting={remove.isPending}
    />
  );
}

import { useState } from 'react';
import { z } from 'zod';
import { Form } from '../Form.tsx';
import styled from 'styled-components';
import { splitAddressList, type GroupDto, type GroupsDto } from '@atrium/common';
import { formatDay } from '@atrium/common/rules/dates';
import { deadlineSchema } from '@atrium/common/schemas/deadlines';
import { groupMembersSchema, groupSchema } from '@atrium/common/schemas/groups';
import { errorText } from '../../api/client.ts';
import {
  useAddGroupMembers,
  useAssignGroupCourse,
  useCreateGroup,
  useDeleteGroup,
  useGroups,
  useRemoveGroupMember,
  useRenameGroup,
  useUnassignGroupCourse,
} from '../../api/groups.ts';
import { Badge } from '../Badge.tsx';
import { Button } from '../Button.tsx';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { TextAreaField, TextField } from '../Field.tsx';
import { Muted, Panel, PanelHeader, PanelLead } from '../Panel.ts';
import { QueryState } from '../QueryState.tsx';
import { SelectField } from '../SelectField.tsx';
import { useToast } from '../toast/Toaster.tsx';
import { useForm } from '../useForm.ts';

/** "By 31 March · new staff: 30 days from joining the group". */
function ruleText(rule: { completeBy: string | null; newStaffDays: number | null }): string {
  return [rule.completeBy ? `By ${formatDay(rule.completeBy)}` : null, rule.newStaffDays ? `new staff: ${rule.newStaffDays} days from joining the group` : null]
    .filter(Boolean)
    .join(' · ');
}

/** Who is looking: a school's or trust's own manager, or the agency's admin (through /api/admin/…). */
export type GroupsViewer = 'manager' | 'admin';

interface GroupsProps {
  /** The owner's API root: `/api/schools/:id`, `/api/trusts/:id`, or the admin's `/api/admin/schools/:id`, `/api/admin/trusts/:id`. */
  root: string;
  owner: 'school' | 'trust';
  viewer?: GroupsViewer;
}

/**
 * The Groups panel of /school, /trust and the admin's school page (issue 39): create, rename and
 * delete groups, put staff in them by address, and give a licensed course to a group with a
 * deadline rule. A school's panel also lists its trust's groups, read-only.
 */
export function GroupsPanel(props: GroupsProps) {
  return (
    <Panel aria-labelledby="groups-title">
      <PanelHeader>
        <h2 id="groups-title">Groups</h2>
      </PanelHeader>
      <Groups {...props} level={2} />
    </Panel>
  );
}

/**
 * The groups without a panel of their own, for a page that already has one (the admin's Trusts
 * panel, under its own heading of `level`): the same screen, through the routes under `root`.
 */
export function Groups({ root, owner, viewer = 'manager', level }: GroupsProps & { level: 2 | 3 }) {
  const groups = useGroups(root);
  const where = owner === 'trust' ? ' in every school of the trust' : viewer === 'admin' ? ' at this school' : ' at your school';
  return (
    <>
      <PanelLead>
        Groups such as “Teaching assistants” or “Office”. Give a course to a group with a deadline: only its members are then due for it{where}; everyone else
        still sees the course, with no deadline and no reminders. Until a course is given to a group, its deadline above applies to everyone.
      </PanelLead>
      <CreateGroup root={root} />
      <QueryState
        read={groups}
        size="panel"
        loading="Loading the groups"
        failed="The groups could not be loaded."
        isEmpty={(data) => data.groups.length === 0}
        empty="No groups yet. Create one above, or add “role”, “department” or “groups” columns to the staff list you upload."
      >
        {(data) => (
          <GroupList aria-label="Groups">
            {data.groups.map((group) => (
              <GroupCard key={group.id} root={root} group={group} courses={data.courses} headings={HEADINGS[level]} />
            ))}
          </GroupList>
        )}
      </QueryState>
    </>
  );
}

/** A group's name and its two parts, one and two levels below the heading over the groups. */
const HEADINGS = { 2: { group: 'h3', part: 'h4' }, 3: { group: 'h4', part: 'h5' } } as const;
type Headings = (typeof HEADINGS)[keyof typeof HEADINGS];

function CreateGroup({ root }: { root: string }) {
  const create = useCreateGroup(root);
  const { toast } = useToast();
  const form = useForm({ name: '' });
  const submit = form.handleSubmit(groupSchema, ({ name }) =>
    create.mutate(name, {
      onSuccess: () => {
        form.reset();
        toast({ title: 'Group created', description: name, variant: 'success' });
      },
      onError: (problem) => {
        if (!form.showServerErrors(problem)) form.setErrors({ name: errorText(problem, 'The group was not created.') });
      },
    }),
  );
  return (
    <CreateForm onSubmit={submit} noValidate aria-label="Create a group">
      <TextField label="New group" placeholder="e.g. Teaching assistants" {...form.field('name')} />
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? 'Creating…' : 'Create group'}
      </Button>
    </CreateForm>
  );
}

function GroupCard({ root, group, courses, headings }: { root: string; group: GroupDto; courses: GroupsDto['courses']; headings: Headings }) {
  const [renaming, setRenaming] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const remove = useDeleteGroup(root);
  const { toast } = useToast();
  const titleId = `group-${group.id}-title`;
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <div>
          <GroupTitle as={headings.group} id={titleId}>
            {group.name}
          </GroupTitle>
          <Muted>
            {group.members.length} {group.members.length === 1 ? 'person' : 'people'}
            {group.courses.length ? ` · ${group.courses.length} ${group.courses.length === 1 ? 'course' : 'courses'}` : ''}
          </Muted>
        </div>
        {group.editable ? (
          <Actions>
            <Button size="sm" variant="ghost" onClick={() => setRenaming((open) => !open)} aria-expanded={renaming}>
              Rename
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setConfirmDelete(true)}>
              Delete
            </Button>
          </Actions>
        ) : (
          <Badge $tone="neutral">Set by the trust</Badge>
        )}
      </CardHeader>
      {renaming ? <RenameGroup root={root} group={group} onDone={() => setRenaming(false)} /> : null}

      <Section>
        <PartTitle as={headings.part}>Courses</PartTitle>
        {group.courses.length === 0 ? (
          <Muted>No course given to this group.</Muted>
        ) : (
          <Items>
            {group.courses.map((course) => (
              <GivenCourse key={course.courseId} root={root} group={group} course={course} />
            ))}
          </Items>
        )}
        {group.editable ? <GiveCourse root={root} group={group} courses={courses} /> : null}
      </Section>

      <Section>
        <PartTitle as={headings.part}>People</PartTitle>
        {group.members.length === 0 ? (
          <Muted>Nobody in this group yet.</Muted>
        ) : (
          <Items>
            {group.members.map((member) => (
              <Member key={member.userId} root={root} group={group} member={member} />
            ))}
          </Items>
        )}
        {group.editable ? <AddPeople root={root} group={group} /> : null}
      </Section>

      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={(open) => {
          setConfirmDelete(open);
          if (!open) remove.reset();
        }}
        title={`Delete “${group.name}”?`}
        description="Its members stay on the staff. The courses given to this group lose its deadlines; if no other group has a course, its deadline applies to everyone again."
        confirmLabel="Delete group"
        tone="danger"
        busy={remove.isPending}
        // The dialog stays open for another try, so a refusal is said in it.
        error={remove.error ? errorText(remove.error, 'The group was not deleted. Please try again.') : null}
        // The promise, not mutate's callbacks: the refreshed list no longer holds this card, and
        // TanStack Query drops a mutate call's callbacks once their component has unmounted.
        onConfirm={() =>
          remove.mutateAsync(group.id).then(
            () => {
              setConfirmDelete(false);
              toast({ title: 'Group deleted', description: group.name, variant: 'success' });
            },
            // Said in the dialog (remove.error).
            () => undefined,
          )
        }
      />
    </Card>
  );
}

function RenameGroup({ root, group, onDone }: { root: string; group: GroupDto; onDone: () => void }) {
  const rename = useRenameGroup(root);
  const form = useForm({ name: group.name });
  const submit = form.handleSubmit(groupSchema, ({ name }) =>
    rename.mutate(
      { groupId: group.id, name },
      {
        onSuccess: onDone,
        onError: (problem) => {
          if (!form.showServerErrors(problem)) form.setErrors({ name: errorText(problem, 'Not renamed.') });
        },
      },
    ),
  );
  return (
    <InlineForm onSubmit={submit} noValidate aria-label={`Rename ${group.name}`}>
      <TextField label="Name" {...form.field('name')} />
      <Button type="submit" size="sm" disabled={rename.isPending}>
        {rename.isPending ? 'Saving…' : 'Save name'}
      </Button>
    </InlineForm>
  );
}

function GivenCourse({ root, group, course }: { root: string; group: GroupDto; course: GroupDto['courses'][number] }) {
  const take = useUnassignGroupCourse(root);
  const { toast } = useToast();
  return (
    <li>
      <div>
        <strong>{course.title}</strong>
        <Muted>{ruleText(course)}</Muted>
      </div>
      {group.editable ? (
        <Button
          size="sm"
          variant="ghost"
          disabled={take.isPending}
          aria-label={`Take ${course.title} back from ${group.name}`}
          onClick={() =>
            take.mutate(
              { groupId: group.id, courseId: course.courseId },
              { onError: (problem) => toast({ title: 'Not changed', description: errorText(problem, 'Please try again.'), variant: 'destructive' }) },
            )
          }
        >
          Remove
        </Button>
      ) : null}
    </li>
  );
}

/** A course given to a group: one of the licensed courses, and the deadline rule the server takes (deadlineSchema). */
const giveCourseSchema = z.intersection(z.object({ courseId: z.coerce.number().int().positive({ message: 'Choose a course' }) }), deadlineSchema);
const NO_COURSE = { courseId: '', completeBy: '', newStaffDays: '' };

function GiveCourse({ root, group, courses }: { root: string; group: GroupDto; courses: GroupsDto['courses'] }) {
  const give = useAssignGroupCourse(root);
  const { toast } = useToast();
  const form = useForm(NO_COURSE);
  if (courses.length === 0) return <Muted>No licensed course to give yet.</Muted>;
  const submit = form.handleSubmit(
    giveCourseSchema,
    ({ courseId, ...rule }) =>
      give.mutate(
        { groupId: group.id, courseId, input: rule },
        {
          onSuccess: () => {
            form.reset();
            toast({ title: 'Course given to the group', description: `${group.name}: ${ruleText(rule)}`, variant: 'success' });
          },
          // The server's reasons by field where it names one ("Choose today (…) or a later date").
          onError: (problem) => {
            if (!form.showServerErrors(problem)) form.setErrors({ completeBy: errorText(problem, 'The course was not given.') });
          },
        },
      ),
    { toInput: (values) => ({ courseId: values.courseId, completeBy: values.completeBy.trim() || null, newStaffDays: values.newStaffDays.trim() || null }) },
  );
  return (
    <CourseForm onSubmit={submit} noValidate aria-label={`Give a course to ${group.name}`}>
      <SelectField
        label="Give a course"
        placeholder="Choose a course"
        options={courses.map((course) => ({ value: String(course.id), label: course.title }))}
        {...form.field('courseId')}
      />
      <TextField label="Complete by" type="date" {...form.field('completeBy')} />
      <TextField
        label="New staff: days from joining the group"
        type="number"
        inputMode="numeric"
        min={1}
        max={365}
        placeholder="e.g. 30"
        {...form.field('newStaffDays')}
      />
      <Button type="submit" size="sm" disabled={give.isPending}>
        {give.isPending ? 'Saving…' : 'Give course'}
      </Button>
    </CourseForm>
  );
}

function Member({ root, group, member }: { root: string; group: GroupDto; member: GroupDto['members'][number] }) {
  const remove = useRemoveGroupMember(root);
  const { toast } = useToast();
  return (
    <li>
      <div>
        <strong>{member.name}</strong>
        <Muted>
          {member.email}
          {group.owner === 'trust' ? ` · ${member.schoolName}` : ''} · joined {formatDay(member.joinedOn)}
        </Muted>
      </div>
      {group.editable ? (
        <Button
          size="sm"
          variant="ghost"
          disabled={remove.isPending}
          aria-label={`Remove ${member.name} from ${group.name}`}
          onClick={() =>
            remove.mutate(
              { groupId: group.id, userId: member.userId },
              { onError: (problem) => toast({ title: 'Not changed', description: errorText(problem, 'Please try again.'), variant: 'destructive' }) },
            )
          }
        >
          Remove
        </Button>
      ) : null}
    </li>
  );
}

function AddPeople({ root, group }: { root: string; group: GroupDto }) {
  const add = useAddGroupMembers(root);
  const { toast } = useToast();
  const form = useForm({ emails: '' });
  // The addresses that are not addresses are named before anything is sent, as the server would name them (issue 53 item 10).
  const submit = form.handleSubmit(
    groupMembersSchema,
    ({ emails }) =>
      add.mutate(
        { groupId: group.id, emails },
        {
          onSuccess: (answer) => {
            form.reset();
            toast({ title: 'People added', description: `${answer.added} added to ${group.name}.`, variant: 'success' });
          },
          onError: (problem) => {
            if (!form.showServerErrors(problem)) form.setErrors({ emails: errorText(problem, 'Nobody was added.') });
          },
        },
      ),
    { toInput: (values) => ({ emails: splitAddressList(values.emails) }) },
  );
  return (
    <InlineForm onSubmit={submit} noValidate aria-label={`Add people to ${group.name}`}>
      <TextAreaField label="Add people by e-mail" hint="Staff addresses, one per line or separated by commas" rows={2} {...form.field('emails')} />
      <Button type="submit" size="sm" variant="secondary" disabled={add.isPending}>
        {add.isPending ? 'Adding…' : 'Add'}
      </Button>
    </InlineForm>
  );
}

const GroupList = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin: ${({ theme }) => theme.space.md} 0 0;
  padding: 0;
  list-style: none;
`;

const Card = styled.li`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  min-width: 0;
`;

const GroupTitle = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSize.md};
`;

const CardHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};

  & > div:first-child {
    display: grid;
    gap: ${({ theme }) => theme.space.xxs};
    overflow-wrap: anywhere;
  }
`;

const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
`;

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
`;

const PartTitle = styled.h4`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const Items = styled.ul`
  display: grid;
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    justify-content: space-between;
    align-items: center;
    gap: ${({ theme }) => theme.space.sm};
    padding: ${({ theme }) => theme.space.xs} 0;
    border-top: 1px solid ${({ theme }) => theme.colors.border};
    min-width: 0;
  }
  li > div {
    display: grid;
    min-width: 0;
    overflow-wrap: anywhere;
  }
`;

const InlineForm = styled(Form)`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  align-items: end;

  @media (min-width: 720px) {
    grid-template-columns: minmax(0, 1fr) auto;
  }
`;

/** Apart from the list or the empty note below it. */
const CreateForm = styled(InlineForm)`
  margin-bottom: ${({ theme }) => theme.space.md};
`;

const CourseForm = styled(Form)`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  align-items: end;

  @media (min-width: 720px) {
    /* The days' label is the longest: room for it on one line, so the three fields line up. */
    grid-template-columns: minmax(0, 1.1fr) minmax(0, 0.9fr) minmax(0, 1.5fr) auto;
  }
`;

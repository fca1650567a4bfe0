import { formatDueDate } from '@atrium/common';
import { MailLayout, P, UrlLink } from '../layout.tsx';
import { defineMail, type MailBrand } from '../render.ts';
import { UnsubscribeNote } from '../unsubscribe.tsx';

export type DeadlineReminderKind = 'due_soon' | 'due_today' | 'overdue';

export interface DeadlineReminderProps {
  brand: MailBrand;
  firstName: string | null;
  schoolName: string;
  courseTitle: string;
  kind: DeadlineReminderKind;
  /** YYYY-MM-DD */
  dueOn: string;
  daysLeft: number;
  courseUrl: string;
  unsubscribeUrl: string;
}

const when = ({ kind, dueOn, daysLeft }: Pick<DeadlineReminderProps, 'kind' | 'dueOn' | 'daysLeft'>) => {
  const date = formatDueDate(dueOn);
  if (kind === 'due_soon') return `is due on ${date}, in ${daysLeft} ${daysLeft === 1 ? 'day' : 'days'}`;
  if (kind === 'due_today') return daysLeft === 0 ? `is due today, ${date}` : `was due on ${date}`;
  return `was due on ${date} and is now overdue`;
};

export const deadlineReminderMail = defineMail<DeadlineReminderProps>({
  subject: ({ courseTitle, kind, dueOn, daysLeft }) =>
    kind === 'overdue'
      ? `Overdue: ${courseTitle}`
      : kind === 'due_today' && daysLeft === 0
        ? `Due today: ${courseTitle}`
        : `Reminder: ${courseTitle} is due ${formatDueDate(dueOn)}`,
  body: (props) => (
    <MailLayout brand={props.brand} preview={`${props.courseTitle} ${when(props)}`}>
      <P>{`Hello ${props.firstName ?? ''}`.trim() + ','}</P>
      <P>{`${props.schoolName} asks its staff to complete "${props.courseTitle}". Your training ${when(props)}.`}</P>
      <P>Pick up where you left off:</P>
      <UrlLink href={props.courseUrl} />
      <UnsubscribeNote why={`You get this because ${props.schoolName} set a deadline for this course.`} url={props.unsubscribeUrl} />
    </MailLayout>
  ),
});

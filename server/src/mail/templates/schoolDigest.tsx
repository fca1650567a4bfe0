import { formatDueDate } from '@atrium/common';
import { Lines, MailLayout, P, Quote, UrlLink } from '../layout.tsx';
import { defineMail, type MailBrand } from '../render.ts';
import { UnsubscribeNote } from '../unsubscribe.tsx';

export interface DigestLine {
  name: string;
  courseTitle: string;
  /** YYYY-MM-DD: when they finished, or when it was due. */
  date: string;
}

export interface SchoolDigestProps {
  brand: MailBrand;
  firstName: string | null;
  schoolName: string;
  finished: DigestLine[];
  overdue: DigestLine[];
  /** How many more than the lines listed (the lists are cut at a screenful). */
  moreFinished: number;
  moreOverdue: number;
  schoolUrl: string;
  unsubscribeUrl: string;
}

const list = (lines: DigestLine[], more: number, verb: string) => [
  ...lines.map((line) => `${line.name}: ${line.courseTitle} (${verb} ${formatDueDate(line.date)})`),
  ...(more > 0 ? [`and ${more} more`] : []),
];

/**
 * To a school's verified managers, weekly. The school's name is whatever its founder typed: it
 * stays out of the Subject and the preview (where a mail client shows it as if we said it) and
 * appears in the body only quoted, as in the invitations.
 */
export const schoolDigestMail = defineMail<SchoolDigestProps>({
  subject: ({ finished, overdue, moreFinished, moreOverdue }) =>
    `Your school's training this week: ${finished.length + moreFinished} completed, ${overdue.length + moreOverdue} overdue`,
  body: (props) => (
    <MailLayout brand={props.brand} preview="Your school's training this week">
      <P>{`Hello ${props.firstName ?? ''}`.trim() + ','}</P>
      <P>Here is where the staff training of the school you manage stands this week.</P>
      <Quote lines={[['School', props.schoolName]]} />
      <P>{props.finished.length ? 'Completed in the last 7 days:' : 'Nobody completed a course in the last 7 days.'}</P>
      {props.finished.length > 0 && <Lines lines={list(props.finished, props.moreFinished, 'completed')} />}
      <P>{props.overdue.length ? 'Overdue:' : 'Nobody is overdue.'}</P>
      {props.overdue.length > 0 && <Lines lines={list(props.overdue, props.moreOverdue, 'due')} />}
      <P>See everyone's status on your school page:</P>
      <UrlLink href={props.schoolUrl} />
      <UnsubscribeNote why="You get this weekly summary as a manager of the school named above." url={props.unsubscribeUrl} />
    </MailLayout>
  ),
});

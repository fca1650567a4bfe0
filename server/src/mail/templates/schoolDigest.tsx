import { formatDueDate } from '@atrium/common';
import { Lines, MailLayout, P, UrlLink } from '../layout.tsx';
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

export const schoolDigestMail = defineMail<SchoolDigestProps>({
  subject: ({ schoolName, finished, overdue, moreFinished, moreOverdue }) =>
    `${schoolName} training this week: ${finished.length + moreFinished} completed, ${overdue.length + moreOverdue} overdue`,
  body: (props) => (
    <MailLayout brand={props.brand} preview={`${props.schoolName}: this week's training`}>
      <P>{`Hello ${props.firstName ?? ''}`.trim() + ','}</P>
      <P>{`Here is where ${props.schoolName}'s staff training stands this week.`}</P>
      <P>{props.finished.length ? 'Completed in the last 7 days:' : 'Nobody completed a course in the last 7 days.'}</P>
      {props.finished.length > 0 && <Lines lines={list(props.finished, props.moreFinished, 'completed')} />}
      <P>{props.overdue.length ? 'Overdue:' : 'Nobody is overdue.'}</P>
      {props.overdue.length > 0 && <Lines lines={list(props.overdue, props.moreOverdue, 'due')} />}
      <P>See everyone's status on your school page:</P>
      <UrlLink href={props.schoolUrl} />
      <UnsubscribeNote why={`You get this weekly summary as a manager of ${props.schoolName}.`} url={props.unsubscribeUrl} />
    </MailLayout>
  ),
});

import { Fragment } from 'react';
import { MailLayout, P, Quote, UrlLink } from '../layout.tsx';
import { defineMail, type MailBrand } from '../render.ts';
import { UnsubscribeNote } from '../unsubscribe.tsx';

export interface DigestQuestion {
  name: string;
  moduleTitle: string;
  courseTitle: string;
  /** The question's first words. */
  excerpt: string;
  threadUrl: string;
}

export interface ModerationDigestProps {
  brand: MailBrand;
  firstName: string | null;
  /** Questions of the last 7 days no instructor has replied to, newest first (a screenful). */
  questions: DigestQuestion[];
  /** How many more than those listed. */
  moreQuestions: number;
  reported: number;
  held: number;
  moderationUrl: string;
  unsubscribeUrl: string;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * The admins' daily digest of the discussions (issue 58): questions waiting for an instructor,
 * and what waits in the moderation queue. Learners' names and words are quoted in the body,
 * never put in the Subject.
 */
export const moderationDigestMail = defineMail<ModerationDigestProps>({
  subject: ({ questions, moreQuestions, reported, held }) =>
    `Discussions today: ${plural(questions.length + moreQuestions, 'question', 'questions')} to answer, ${plural(reported + held, 'comment', 'comments')} to moderate`,
  body: (props) => (
    <MailLayout brand={props.brand} preview="Questions waiting for an instructor, and the moderation queue">
      <P>{`Hello ${props.firstName ?? ''}`.trim() + ','}</P>
      <P>
        {props.questions.length
          ? `${plural(props.questions.length + props.moreQuestions, 'question', 'questions')} from the last 7 days ${props.questions.length + props.moreQuestions === 1 ? 'has' : 'have'} no reply from an instructor yet:`
          : 'Every question of the last 7 days has a reply from an instructor.'}
      </P>
      {props.questions.map((question, index) => (
        <Fragment key={index}>
          <Quote lines={[[`${question.name} on ${question.moduleTitle} (${question.courseTitle})`, question.excerpt]]} />
          <UrlLink href={question.threadUrl} />
        </Fragment>
      ))}
      {props.moreQuestions > 0 ? <P>{`and ${props.moreQuestions} more.`}</P> : null}
      <P>
        {props.reported || props.held
          ? `In the moderation queue: ${plural(props.reported, 'reported comment', 'reported comments')} and ${plural(props.held, 'comment', 'comments')} waiting for approval.`
          : 'Nothing waits in the moderation queue.'}
      </P>
      <UrlLink href={props.moderationUrl} />
      <UnsubscribeNote why="You get this daily summary as an administrator of the courses' discussions." url={props.unsubscribeUrl} />
    </MailLayout>
  ),
});

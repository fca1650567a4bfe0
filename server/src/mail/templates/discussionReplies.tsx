import { MailLayout, P, Quote, UrlLink } from '../layout.tsx';
import { defineMail, type MailBrand } from '../render.ts';
import { UnsubscribeNote } from '../unsubscribe.tsx';

export interface MailedReplyLine {
  name: string;
  /** The reply's first words. */
  excerpt: string;
}

export interface DiscussionRepliesProps {
  brand: MailBrand;
  firstName: string | null;
  courseTitle: string;
  moduleTitle: string;
  /** The thread is the reader's own question, rather than one they follow. */
  ownThread: boolean;
  /** The thread's opening words ("" once its opening comment was deleted). */
  threadStart: string;
  /** The new replies, oldest first, at most a handful. */
  replies: MailedReplyLine[];
  /** How many more new replies than those listed. */
  more: number;
  threadUrl: string;
  unsubscribeUrl: string;
}

const count = (props: Pick<DiscussionRepliesProps, 'replies' | 'more'>) => props.replies.length + props.more;

/**
 * Someone replied in a thread the reader follows (issue 58): at most one an hour per thread,
 * naming who replied and quoting the start. Names and words are the learners' own, so they are
 * quoted in the body and never put in the Subject.
 */
export const discussionRepliesMail = defineMail<DiscussionRepliesProps>({
  subject: (props) => `${count(props) === 1 ? 'A new reply' : `${count(props)} new replies`} in the discussion of "${props.moduleTitle}"`,
  body: (props) => (
    <MailLayout brand={props.brand} preview={`New replies in "${props.moduleTitle}"`}>
      <P>{`Hello ${props.firstName ?? ''}`.trim() + ','}</P>
      <P>
        {`${count(props) === 1 ? 'There is a new reply' : `There are ${count(props)} new replies`} ${props.ownThread ? 'to your comment' : 'in a discussion you follow'} on "${props.moduleTitle}" in "${props.courseTitle}".`}
      </P>
      {props.threadStart ? <Quote lines={[[props.ownThread ? 'You wrote' : 'The discussion began', props.threadStart]]} /> : null}
      <Quote lines={props.replies.map((reply): [string, string] => [reply.name, reply.excerpt])} />
      {props.more > 0 ? <P>{`and ${props.more} more.`}</P> : null}
      <P>Read the whole thread and reply:</P>
      <UrlLink href={props.threadUrl} />
      <UnsubscribeNote
        why="You get this because you took part in or follow this discussion; you can stop following it from the thread."
        url={props.unsubscribeUrl}
      />
    </MailLayout>
  ),
});

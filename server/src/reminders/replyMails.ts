import { sendReplyMails } from '../commands/replyMails.ts';
import type { JobContext } from '../scheduler/scheduler.ts';

/** The `discussion-replies` job: the reply e-mails that are due (commands/replyMails.ts). */
export const runReplyMails = ({ deps, now, renewLease }: JobContext): Promise<{ sent: number }> => sendReplyMails(deps, now, renewLease);

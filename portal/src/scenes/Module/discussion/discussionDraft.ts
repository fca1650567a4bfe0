import type { OpenReply } from './DiscussionView.tsx';

/**
 * What was typed in a module's discussion, kept in sessionStorage: it survives a refresh of the
 * tab and is gone with it, so nothing typed outlives the session on a shared staff-room PC.
 */
export interface DiscussionDraft {
  comment: string;
  reply: OpenReply | null;
}

const EMPTY: DiscussionDraft = { comment: '', reply: null };
const keyOf = (moduleId: number) => `atrium:discussion-draft:${moduleId}`;

export function readDiscussionDraft(moduleId: number): DiscussionDraft {
  try {
    const stored = JSON.parse(sessionStorage.getItem(keyOf(moduleId)) ?? 'null') as Partial<DiscussionDraft> | null;
    if (!stored || typeof stored !== 'object') return EMPTY;
    const reply = stored.reply;
    const validReply = reply && typeof reply.threadId === 'number' && typeof reply.text === 'string' && reply.to && typeof reply.to.id === 'number';
    return { comment: typeof stored.comment === 'string' ? stored.comment : '', reply: validReply ? reply : null };
  } catch {
    // Storage refused (private mode) or held something else: start empty.
    return EMPTY;
  }
}

export function writeDiscussionDraft(moduleId: number, draft: DiscussionDraft): void {
  try {
    if (!draft.comment && !draft.reply) sessionStorage.removeItem(keyOf(moduleId));
    else sessionStorage.setItem(keyOf(moduleId), JSON.stringify(draft));
  } catch {
    // Nothing to keep it in (quota, private mode): the boxes still work, they just forget on refresh.
  }
}

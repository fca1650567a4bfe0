import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { CourseSummaryDto } from '@atrium/common/api/courses';
import { currencyForLocales, type Currency } from '@atrium/common/rules/currency';
import { getJson } from '../api.ts';
import { looksLikeEmail, sendContactMessage } from '../shared/contact.ts';
import { useToast } from '../shared/toast.ts';
import { BOT_REPLY_DELAY_MS, GREETING, botReply, type BotCatalogue, type ChatMessage } from './botReplies.ts';
import { ChatPanelView, type ChatFormValues } from './ChatPanelView.tsx';

export interface SupportChatPanelProps {
  apiBase?: string;
  /** While closed the panel renders nothing but keeps its state, so the conversation survives. */
  open: boolean;
  onClose(): void;
  /** The "Send us a message" form was accepted by the server. */
  onMessageSent?: () => void;
  /** The currency the page shows prices in; the browser's locale decides when absent. */
  currency?: Currency;
}

const EMPTY_FORM: ChatFormValues = { name: '', email: '', message: '' };

let nextId = 0;
const chatMessage = (message: string, isUser: boolean): ChatMessage => ({
  id: `m${(nextId += 1)}`,
  message,
  isUser,
  timestamp: Date.now(),
});

/**
 * The chat panel's state: the scripted conversation (a reply one second after each message)
 * and the support-widget contact form (name, email and message, all required).
 */
export function SupportChatPanel({ apiBase = '', open, onClose, onMessageSent, currency }: SupportChatPanelProps) {
  // The price answer quotes the catalogue; until it arrives, or if it cannot, no figures at all.
  const [courses, setCourses] = useState<CourseSummaryDto[] | null>(null);
  const [view, setView] = useState<'chat' | 'form'>('chat');
  const [messages, setMessages] = useState<ChatMessage[]>(() => [chatMessage(GREETING, false)]);
  const [pendingReplies, setPendingReplies] = useState(0);
  const [draft, setDraft] = useState('');
  const [form, setForm] = useState<ChatFormValues>(EMPTY_FORM);
  const [sending, setSending] = useState(false);
  const { toast, show, dismiss } = useToast();
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const inputRef = useRef<HTMLInputElement>(null);
  const idPrefix = `atrium-chat-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  useEffect(() => {
    if (open && view === 'chat') inputRef.current?.focus();
  }, [open, view]);

  useEffect(() => {
    const controller = new AbortController();
    getJson<CourseSummaryDto[]>(apiBase, '/api/courses', controller.signal).then(
      (catalogue) => {
        if (!controller.signal.aborted) setCourses(catalogue);
      },
      () => {
        if (!controller.signal.aborted) setCourses(null);
      },
    );
    return () => controller.abort();
  }, [apiBase]);

  const catalogue = useMemo<BotCatalogue | null>(() => {
    if (!courses) return null;
    const browser = typeof navigator === 'undefined' ? undefined : navigator;
    return { courses, currency: currency ?? currencyForLocales(browser?.languages ?? []), locale: browser?.language };
  }, [courses, currency]);

  const send = useCallback(() => {
    const text = draft.trim();
    if (!text) return;
    setMessages((current) => [...current, chatMessage(text, true)]);
    setDraft('');
    setPendingReplies((n) => n + 1);
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setMessages((current) => [...current, chatMessage(botReply(text, catalogue), false)]);
      setPendingReplies((n) => n - 1);
    }, BOT_REPLY_DELAY_MS);
    timers.current.add(timer);
  }, [draft, catalogue]);

  const submitForm = async () => {
    const values = { name: form.name.trim(), email: form.email.trim(), message: form.message.trim() };
    if (!values.name || !values.email || !values.message) {
      show({ title: 'Missing Information', description: 'Please fill in all fields', variant: 'error' });
      return;
    }
    if (!looksLikeEmail(values.email)) {
      show({ title: 'Invalid email', description: 'Please enter a valid email address', variant: 'error' });
      return;
    }
    setSending(true);
    let sent: boolean;
    try {
      sent = (await sendContactMessage(apiBase, { ...values, source: 'widget' })).ok;
    } catch {
      sent = false;
    }
    setSending(false);
    if (!sent) {
      show({ title: 'Send Failed', description: 'Please try again or use our contact form on the website', variant: 'error' });
      return;
    }
    show({ title: 'Message Sent', description: "We'll get back to you within 30 minutes", variant: 'success' });
    setForm(EMPTY_FORM);
    setView('chat');
    setMessages((current) => [
      ...current,
      chatMessage(`Thanks, ${values.name}! Your message is with our team and we'll reply to ${values.email} within 30 minutes.`, false),
    ]);
    onMessageSent?.();
  };

  if (!open) return null;
  return (
    <ChatPanelView
      view={view}
      messages={messages}
      botTyping={pendingReplies > 0}
      draft={draft}
      form={form}
      sending={sending}
      toast={toast}
      idPrefix={idPrefix}
      inputRef={inputRef}
      onDraftChange={setDraft}
      onSend={send}
      onFormChange={(field, value) => setForm((current) => ({ ...current, [field]: value }))}
      onFormSubmit={() => void submitForm()}
      onShowForm={() => setView('form')}
      onShowChat={() => setView('chat')}
      onClose={onClose}
      onDismissToast={dismiss}
    />
  );
}

import { formatClockTime } from '@atrium/common/rules/dates';
import { useEffect, useRef, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import styled, { keyframes } from 'styled-components';
import { Button, Field, Input, Label, TextArea } from '../shared/controls.tsx';
import { ArrowLeftIcon, ChatIcon, CloseIcon, MailIcon, SendIcon } from '../shared/icons.tsx';
import { Toast } from '../shared/Toast.tsx';
import type { ToastMessage } from '../shared/toast.ts';
import { rootTypography, tokens } from '../tokens.ts';
import type { ChatMessage } from './botReplies.ts';
import { CHAT_LAYOUT, panelBottom } from './layout.ts';

export interface ChatFormValues {
  name: string;
  email: string;
  message: string;
}

export interface ChatPanelViewProps {
  view: 'chat' | 'form';
  messages: ChatMessage[];
  /** A scripted reply is on its way. */
  botTyping: boolean;
  draft: string;
  form: ChatFormValues;
  sending: boolean;
  toast: ToastMessage | null;
  idPrefix: string;
  /** Receives focus when the chat view is shown. */
  inputRef?: RefObject<HTMLInputElement | null>;
  onDraftChange(value: string): void;
  onSend(): void;
  onFormChange(field: keyof ChatFormValues, value: string): void;
  onFormSubmit(): void;
  onShowForm(): void;
  onShowChat(): void;
  onClose(): void;
  onDismissToast(): void;
}

/** The support panel: header, then the scripted chat or the "Send us a message" form. */
export function ChatPanelView(props: ChatPanelViewProps) {
  const { view, messages, botTyping, draft, form, sending, toast, idPrefix, inputRef } = props;
  const listRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages.length, botTyping, view]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      props.onClose();
    }
  };
  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    props.onSend();
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!sending) props.onFormSubmit();
  };
  const id = (field: string) => `${idPrefix}-${field}`;

  return (
    <Panel role="dialog" aria-label="Support chat" aria-modal="false" part="panel" onKeyDown={onKeyDown} data-view={view}>
      <Header part="header">
        <Avatar aria-hidden="true">
          <ChatIcon size={20} />
        </Avatar>
        <HeaderText>
          <HeaderTitle>Support</HeaderTitle>
          <HeaderStatus>Automatic answers · a person replies to messages within 30 minutes</HeaderStatus>
        </HeaderText>
        <IconButton type="button" aria-label="Close support chat" onClick={props.onClose} $onAccent>
          <CloseIcon size={20} />
        </IconButton>
      </Header>

      <Toast toast={toast} onDismiss={props.onDismissToast} floating />

      {view === 'chat' ? (
        <>
          <Messages ref={listRef} role="log" aria-live="polite" aria-label="Conversation" part="messages" tabIndex={0}>
            {messages.map((message) => (
              <Bubble
                key={message.id}
                $user={message.isUser}
                part={message.isUser ? 'message user-message' : 'message bot-message'}
                data-from={message.isUser ? 'user' : 'bot'}
              >
                <BubbleText>{message.message}</BubbleText>
                <Time dateTime={new Date(message.timestamp).toISOString()}>{formatClockTime(message.timestamp)}</Time>
              </Bubble>
            ))}
            {botTyping && (
              <Typing aria-label="Support is typing" role="status">
                <span />
                <span />
                <span />
              </Typing>
            )}
          </Messages>
          <ChatFooter>
            <FormLink type="button" onClick={props.onShowForm} part="form-link">
              <MailIcon size={16} /> Send us a message
            </FormLink>
            <Composer onSubmit={send}>
              <Input
                ref={inputRef}
                id={id('draft')}
                aria-label="Type your message"
                placeholder="Type your message…"
                autoComplete="off"
                value={draft}
                onChange={(e) => props.onDraftChange(e.currentTarget.value)}
                part="input"
              />
              <SendButton type="submit" aria-label="Send" disabled={draft.trim() === ''} part="send-button">
                <SendIcon size={18} />
              </SendButton>
            </Composer>
          </ChatFooter>
        </>
      ) : (
        <FormView>
          <BackLink type="button" onClick={props.onShowChat} part="back-link">
            <ArrowLeftIcon size={16} /> Back to chat
          </BackLink>
          <FormTitle>Send us a message</FormTitle>
          <FormIntro>Leave your details and we'll get back to you within 30 minutes.</FormIntro>
          <ChatForm onSubmit={submit} noValidate aria-busy={sending} part="form">
            <Field>
              <Label htmlFor={id('name')}>Name</Label>
              <Input
                id={id('name')}
                name="name"
                autoComplete="name"
                value={form.name}
                onChange={(e) => props.onFormChange('name', e.currentTarget.value)}
                part="input"
              />
            </Field>
            <Field>
              <Label htmlFor={id('email')}>Email</Label>
              <Input
                id={id('email')}
                name="email"
                type="email"
                autoComplete="email"
                value={form.email}
                onChange={(e) => props.onFormChange('email', e.currentTarget.value)}
                part="input"
              />
            </Field>
            <Field>
              <Label htmlFor={id('message')}>Message</Label>
              <TextArea
                id={id('message')}
                name="message"
                rows={4}
                value={form.message}
                onChange={(e) => props.onFormChange('message', e.currentTarget.value)}
                part="input textarea"
              />
            </Field>
            <Button type="submit" disabled={sending} part="button">
              {sending ? 'Sending...' : 'Send Message'}
            </Button>
          </ChatForm>
        </FormView>
      )}
    </Panel>
  );
}

const Panel = styled.section`
  ${rootTypography}
  position: fixed;
  right: ${CHAT_LAYOUT.edge}px;
  bottom: ${panelBottom}px;
  z-index: ${tokens.zIndex};
  display: flex;
  flex-direction: column;
  width: ${CHAT_LAYOUT.panelWidth}px;
  height: ${CHAT_LAYOUT.panelHeight}px;
  max-height: calc(100vh - ${panelBottom + CHAT_LAYOUT.edge}px);
  overflow: hidden;
  background: ${tokens.surface};
  border: 1px solid ${tokens.border};
  border-radius: ${tokens.radiusLarge};
  box-shadow: ${tokens.shadowRaised};
  @media (max-width: ${CHAT_LAYOUT.phoneMax}px) {
    inset: 0;
    width: 100%;
    height: 100%;
    max-height: none;
    border: 0;
    border-radius: 0;
  }
`;

const Header = styled.header`
  display: flex;
  align-items: center;
  gap: 12px;
  flex: none;
  padding: 14px 12px 14px 16px;
  color: ${tokens.onAccent};
  background: ${tokens.accent};
`;

const Avatar = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  width: 38px;
  height: 38px;
  border-radius: 50%;
  background: rgba(255, 255, 255, 0.18);
`;

const HeaderText = styled.div`
  flex: 1;
  min-width: 0;
`;

const HeaderTitle = styled.h2`
  margin: 0;
  font-size: 16px;
  font-weight: 700;
  line-height: 1.3;
  color: inherit;
`;

const HeaderStatus = styled.p`
  margin: 0;
  font-size: 13px;
  line-height: 1.3;
  opacity: 0.9;
`;

const IconButton = styled.button<{ $onAccent?: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  width: 36px;
  height: 36px;
  margin: 0;
  padding: 0;
  border: 0;
  border-radius: 8px;
  color: inherit;
  background: transparent;
  cursor: pointer;
  &:hover {
    background: ${({ $onAccent }) => ($onAccent ? 'rgba(255, 255, 255, 0.16)' : tokens.surfaceMuted)};
  }
  &:focus-visible {
    outline: 3px solid ${tokens.focus};
    outline-offset: 1px;
  }
`;

const Messages = styled.div`
  flex: 1;
  display: flex;
  flex-direction: column;
  gap: 10px;
  padding: 16px;
  overflow-y: auto;
  overscroll-behavior: contain;
  background: ${tokens.background};
`;

const Bubble = styled.div<{ $user: boolean }>`
  display: flex;
  flex-direction: column;
  gap: 4px;
  max-width: 85%;
  padding: 10px 14px;
  font-size: 14.5px;
  line-height: 1.5;
  border-radius: 16px;
  ${({ $user }) =>
    $user
      ? `align-self: flex-end; color: ${tokens.onAccent}; background: ${tokens.accent}; border-bottom-right-radius: 4px;`
      : `align-self: flex-start; color: ${tokens.text}; background: ${tokens.surface}; border: 1px solid ${tokens.border}; border-bottom-left-radius: 4px;`}
`;

const BubbleText = styled.p`
  margin: 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

// The bubble's own text colour, not a faded one: at 11 px a faded time fails contrast on the accent bubble.
const Time = styled.time`
  align-self: flex-end;
  font-size: 11px;
`;

const blink = keyframes`
  0%, 80%, 100% { opacity: 0.25; transform: translateY(0); }
  40% { opacity: 1; transform: translateY(-2px); }
`;

const Typing = styled.div`
  align-self: flex-start;
  display: inline-flex;
  gap: 4px;
  padding: 12px 14px;
  background: ${tokens.surface};
  border: 1px solid ${tokens.border};
  border-radius: 16px;
  border-bottom-left-radius: 4px;
  & > span {
    width: 7px;
    height: 7px;
    border-radius: 50%;
    background: ${tokens.textMuted};
    animation: ${blink} 1s infinite ease-in-out;
  }
  & > span:nth-child(2) {
    animation-delay: 0.15s;
  }
  & > span:nth-child(3) {
    animation-delay: 0.3s;
  }
`;

const ChatFooter = styled.div`
  flex: none;
  display: flex;
  flex-direction: column;
  gap: 10px;
  padding: 10px 12px 12px;
  border-top: 1px solid ${tokens.border};
  background: ${tokens.surface};
`;

const textButton = `
  display: inline-flex;
  align-items: center;
  gap: 6px;
  align-self: flex-start;
  margin: 0;
  padding: 4px 6px;
  font: inherit;
  font-size: 14px;
  font-weight: 600;
  color: ${tokens.accent};
  background: transparent;
  border: 0;
  border-radius: 6px;
  cursor: pointer;
  &:hover { text-decoration: underline; }
  &:focus-visible { outline: 3px solid ${tokens.focus}; outline-offset: 1px; }
`;

const FormLink = styled.button`
  ${textButton}
`;

const BackLink = styled.button`
  ${textButton}
  margin-left: -6px;
`;

const Composer = styled.form`
  display: flex;
  gap: 8px;
  margin: 0;
`;

const SendButton = styled(Button)`
  flex: none;
  width: 44px;
  padding: 0;
`;

const FormView = styled.div`
  flex: 1;
  display: flex;
  flex-direction: column;
  gap: 6px;
  padding: 14px 16px 16px;
  overflow-y: auto;
`;

const FormTitle = styled.h3`
  margin: 4px 0 0;
  font-size: 18px;
  font-weight: 700;
  line-height: 1.3;
  color: ${tokens.text};
`;

const FormIntro = styled.p`
  margin: 0 0 8px;
  font-size: 14px;
  color: ${tokens.textMuted};
`;

const ChatForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: 12px;
  margin: 0;
  & textarea {
    min-height: 88px;
  }
`;

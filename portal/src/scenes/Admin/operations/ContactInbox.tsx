import { useState } from 'react';
import styled from 'styled-components';
import type { ContactMessageDto } from '@atrium/common';
import { formatInstantDate } from '@atrium/common/rules/dates';
import { useContactMessages, useSetMessageHandled } from '../../../api/adminInbox.ts';
import { Badge } from '../../../components/Badge.tsx';
import { Button } from '../../../components/Button.tsx';
import { formatRelativeTime } from '@atrium/common/rules/dates';
import { useToast } from '../../../components/toast/Toaster.tsx';
import { useNow } from '../../../components/useNow.ts';
import { Muted, Panel, PanelHeader, PanelLead, RowList } from '../../../components/Panel.ts';
import { QueryState } from '../../../components/QueryState.tsx';

/** The site promises a reply within 30 minutes: past that an unanswered message is overdue. */
const REPLY_PROMISE_MS = 30 * 60 * 1000;

const SOURCES: Record<ContactMessageDto['source'], string> = {
  landing: 'Contact form',
  widget: 'Support widget',
  accessibility: 'Accessibility problem',
};

/** Stored contact messages, newest first, each with its age and a Handled switch. */
export function ContactInbox({ unhandled }: { unhandled: number | undefined }) {
  const messages = useContactMessages();
  const rows = messages.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Panel aria-labelledby="inbox-title">
      <PanelHeader>
        <h2 id="inbox-title">Contact inbox</h2>
        {unhandled !== undefined ? (
          <Badge $tone={unhandled > 0 ? 'warning' : 'success'}>{unhandled > 0 ? `${unhandled} awaiting a reply` : 'All answered'}</Badge>
        ) : null}
      </PanelHeader>
      <PanelLead>
        Messages from the contact forms, and problems reported from the accessibility statement. The site promises a reply within 30 minutes; the statement
        gives its own number of working days.
      </PanelLead>
      <QueryState
        read={messages}
        size="panel"
        loading="Loading messages"
        failed="The messages could not be loaded."
        isEmpty={() => rows.length === 0}
        empty="No messages yet."
      >
        {() => (
          <Scroller>
            <RowList aria-label="Contact messages">
              {rows.map((message) => (
                <MessageRow key={message.id} message={message} />
              ))}
            </RowList>
            {messages.hasNextPage ? (
              <More>
                <Button variant="ghost" size="sm" onClick={() => void messages.fetchNextPage()} disabled={messages.isFetchingNextPage}>
                  {messages.isFetchingNextPage ? 'Loading…' : 'Show older messages'}
                </Button>
              </More>
            ) : null}
          </Scroller>
        )}
      </QueryState>
    </Panel>
  );
}

function MessageRow({ message }: { message: ContactMessageDto }) {
  const setHandled = useSetMessageHandled();
  const { toast } = useToast();
  // The switch shows the new state in the same render as the click (the mutation's own pending
  // state arrives a tick later, and React would put the box back meanwhile); once the list
  // refetch has confirmed it, or the request failed, the server's state shows again.
  const [requested, setRequested] = useState<boolean | null>(null);
  const handled = requested ?? message.handledAt !== null;
  const now = useNow();
  const accessibility = message.source === 'accessibility';
  // Accessibility reports carry the statement's own promise (working days), not the 30 minutes.
  const overdue = !handled && !accessibility && now - new Date(message.createdAt).getTime() > REPLY_PROMISE_MS;
  const toggle = () => {
    setRequested(!handled);
    setHandled.mutate(
      { id: message.id, handled: !handled },
      {
        onSuccess: () =>
          toast({ title: handled ? 'Marked as not handled' : 'Marked as handled', description: `Message from ${message.name}`, variant: 'success' }),
        onError: () => toast({ title: 'Update failed', description: 'The message could not be updated. Please try again.', variant: 'destructive' }),
        onSettled: () => setRequested(null),
      },
    );
  };
  return (
    <Item $handled={handled}>
      <Top>
        <div>
          <strong>{message.name}</strong> <Email href={`mailto:${message.email}`}>{message.email}</Email>
          <Muted as="p">
            {accessibility ? SOURCES.accessibility : [message.company, message.phone].filter(Boolean).join(' · ') || SOURCES[message.source]}
          </Muted>
        </div>
        <Meta>
          <time dateTime={message.createdAt} title={formatInstantDate(message.createdAt)}>
            {formatRelativeTime(message.createdAt)}
          </time>
          {accessibility ? <Badge $tone="accent">Accessibility</Badge> : null}
          {overdue ? <Badge $tone="warning">Overdue</Badge> : null}
        </Meta>
      </Top>
      <Body>{message.message}</Body>
      <Toggle>
        <input type="checkbox" checked={handled} onChange={toggle} disabled={setHandled.isPending} />
        Handled
      </Toggle>
    </Item>
  );
}

const Scroller = styled.div`
  max-height: 32rem;
  overflow-y: auto;
`;

const Item = styled.li<{ $handled: boolean }>`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.sm};
  /* Still waiting for a reply: marked at the edge (colour alone never carries it: see the switch). */
  border-left: 3px solid ${({ theme, $handled }) => ($handled ? 'transparent' : theme.colors.warning)};
  background: ${({ theme, $handled }) => ($handled ? theme.colors.surfaceMuted : 'transparent')};
`;

const Top = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.xs};
  min-width: 0;

  strong {
    font-weight: 600;
  }
`;

const Email = styled.a`
  font-size: ${({ theme }) => theme.fontSize.sm};
  overflow-wrap: anywhere;
`;

const Meta = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const Body = styled.p`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Toggle = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  justify-self: start;
  min-height: 36px;
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: 600;
  cursor: pointer;

  input {
    width: 20px;
    height: 20px;
    accent-color: ${({ theme }) => theme.colors.accent};
  }
`;

const More = styled.div`
  display: flex;
  justify-content: center;
  padding-top: ${({ theme }) => theme.space.xs};
`;

import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import styled from 'styled-components';
import type { NotificationsDto, ReplyNotificationDto } from '@atrium/common';
import { formatInstantDate, formatRelativeTime } from '@atrium/common/rules/dates';
import { Avatar, displayName } from '../Avatar.tsx';
import { Icon } from '../Icon.tsx';
import { menuItemStyles, menuPanelStyles } from '../menuStyles.ts';
import { readFailedText, type ReadState } from '../QueryState.tsx';

export interface NotificationBellViewProps {
  read: ReadState<NotificationsDto>;
  /** Opening the list marks what it shows as seen. */
  onOpenChange(open: boolean): void;
  onSelect(item: ReplyNotificationDto): void;
  /** Stories draw it open. */
  defaultOpen?: boolean;
}

const unreadOf = (read: ReadState<NotificationsDto>) => (read.state === 'ready' ? read.data.unread : 0);
const countText = (count: number) => (count > 99 ? '99+' : String(count));

/** The header's bell (issue 58): replies to the reader's comments, the unread counted on the bell. */
export function NotificationBellView({ read, onOpenChange, onSelect, defaultOpen }: NotificationBellViewProps) {
  const unread = unreadOf(read);
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      <Trigger aria-label={unread ? `Replies to your comments: ${countText(unread)} new` : 'Replies to your comments'}>
        <Icon name="bell" size={22} />
        {unread ? <Count aria-hidden="true">{countText(unread)}</Count> : null}
      </Trigger>
      <Content align="end" sideOffset={8} aria-label="Replies to your comments">
        <Heading>Replies to your comments</Heading>
        {/* A menu holds menu items only (axe aria-required-children): what it says while empty is one, disabled. */}
        {read.state === 'loading' ? (
          <Note disabled>Loading replies…</Note>
        ) : read.state === 'failed' ? (
          <>
            <Note disabled>{readFailedText(read.error, 'The replies could not be loaded.')}</Note>
            <Retry
              onSelect={(event) => {
                event.preventDefault();
                read.retry();
              }}
            >
              Try again
            </Retry>
          </>
        ) : read.data.items.length === 0 ? (
          <Note disabled>No replies yet. When someone replies to one of your comments, it shows here.</Note>
        ) : (
          read.data.items.map((item) => {
            const name = displayName({ firstName: item.authorFirstName, lastName: item.authorLastName });
            return (
              <Item key={item.commentId} onSelect={() => onSelect(item)} $unread={item.unread}>
                <Avatar person={{ firstName: item.authorFirstName, lastName: item.authorLastName }} src={item.authorProfileImageUrl} size={32} decorative />
                <ItemText>
                  <span>
                    <strong>{name}</strong> replied on {item.moduleTitle}
                    {item.unread ? <span className="visually-hidden"> (new)</span> : null}
                  </span>
                  <Excerpt>{item.excerpt}</Excerpt>
                  <time dateTime={item.createdAt} title={formatInstantDate(item.createdAt)}>
                    {formatRelativeTime(item.createdAt)}
                  </time>
                </ItemText>
                {item.unread ? <Dot aria-hidden="true" /> : null}
              </Item>
            );
          })
        )}
      </Content>
    </DropdownMenu.Root>
  );
}

const Trigger = styled(DropdownMenu.Trigger)`
  position: relative;
  display: inline-grid;
  place-items: center;
  width: 44px;
  height: 44px;
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;

  &:hover,
  &[data-state='open'] {
    background: ${({ theme }) => theme.colors.surfaceMuted};
    border-color: ${({ theme }) => theme.colors.border};
  }
`;

const Count = styled.span`
  position: absolute;
  top: 4px;
  right: 2px;
  display: inline-grid;
  place-items: center;
  min-width: 1.15rem;
  height: 1.15rem;
  padding: 0 0.25rem;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.colors.danger};
  color: ${({ theme }) => theme.colors.onAccent};
  font-size: ${({ theme }) => theme.fontSize.xs};
  font-weight: 700;
  line-height: 1;
`;

const Content = styled(DropdownMenu.Content)`
  ${menuPanelStyles}
  width: min(24rem, calc(100vw - 1rem));
  max-height: min(32rem, calc(100vh - 6rem));
  overflow-y: auto;
`;

const Heading = styled(DropdownMenu.Label)`
  padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
  font-weight: 600;
`;

const Note = styled(DropdownMenu.Item)`
  padding: ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
  outline: none;
`;

const Retry = styled(DropdownMenu.Item)`
  ${menuItemStyles}
  padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.colors.accent};
  font-weight: 600;
`;

const Item = styled(DropdownMenu.Item)<{ $unread: boolean }>`
  display: grid;
  grid-template-columns: auto 1fr auto;
  gap: ${({ theme }) => theme.space.sm};
  align-items: start;
  padding: ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ $unread, theme }) => ($unread ? theme.colors.accentSoft : 'transparent')};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  outline: none;

  & + & {
    margin-top: ${({ theme }) => theme.space.xxs};
  }

  &[data-highlighted] {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
`;

const ItemText = styled.span`
  display: grid;
  gap: ${({ theme }) => theme.space.xxs};
  min-width: 0;
  font-size: ${({ theme }) => theme.fontSize.sm};

  time {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSize.xs};
  }
`;

const Excerpt = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

const Dot = styled.span`
  width: 0.6rem;
  height: 0.6rem;
  margin-top: 0.35rem;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.accent};
`;

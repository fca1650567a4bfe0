import styled from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import type { UserDto } from '@atrium/common';
import { Avatar } from './Avatar.tsx';
import { Icon } from './Icon.tsx';

/**
 * What the account menu button shows. The header draws the same face while the menu's code
 * (UserMenu, loaded lazily) arrives, so nothing in the header moves when it does.
 */
export function TriggerFace({ user }: { user: UserDto }) {
  return (
    <>
      <Avatar person={user} src={user.profileImageUrl} size={36} decorative />
      <TriggerName>{user.firstName?.trim() || 'Account'}</TriggerName>
      <span className="visually-hidden">Account menu</span>
      <Icon name="chevronDown" size={16} />
    </>
  );
}

export const triggerStyles = `
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  min-height: 44px;
  padding: 2px 0.5rem 2px 2px;
  border: 1px solid transparent;
  border-radius: 999px;
  background: transparent;
  cursor: pointer;
`;

const TriggerName = styled.span`
  display: none;
  font-weight: 500;
  max-width: 10rem;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;

  ${media.tablet} {
    display: inline;
  }
`;

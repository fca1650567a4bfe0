import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import styled from 'styled-components';
import type { UserDto } from '@atrium/common';
import { TriggerFace, triggerStyles } from './AccountTrigger.tsx';
import { menuItemStyles, menuPanelStyles } from './menuStyles.ts';
import { displayName } from './Avatar.tsx';
import { Icon } from './Icon.tsx';

export interface UserMenuViewProps {
  user: UserDto;
  /** My school: staff always, the agency's admin when they belong to a school (UserMenu decides). */
  offersMySchool: boolean;
  /** My trust: a trust's managers only. */
  offersMyTrust: boolean;
  /** Sign Out is waiting for the server: offered again once it answers. */
  signingOut: boolean;
  onGo(path: '/profile' | '/certificates' | '/school' | '/trust'): void;
  onSignOut(): void;
  /** Stories draw it open. */
  defaultOpen?: boolean;
}

/** The header's account menu (Radix DropdownMenu): Profile, Certificates, My school, My trust, Sign Out. */
export function UserMenuView({ user, offersMySchool, offersMyTrust, signingOut, onGo, onSignOut, defaultOpen }: UserMenuViewProps) {
  return (
    // Not modal and not portalled: the menu stays inside the header landmark and the page is
    // not hidden from assistive technology while it is open (axe: aria-hidden-focus, region).
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <MenuTrigger>
        <TriggerFace user={user} />
      </MenuTrigger>
      <MenuContent align="end" sideOffset={8}>
        <MenuLabel>
          <strong>{displayName(user)}</strong>
          <span>{user.email}</span>
        </MenuLabel>
        <MenuSeparator />
        <MenuItem onSelect={() => onGo('/profile')}>
          <Icon name="user" size={18} /> Profile
        </MenuItem>
        <MenuItem onSelect={() => onGo('/certificates')}>
          <Icon name="award" size={18} /> Certificates
        </MenuItem>
        {offersMySchool ? (
          <MenuItem onSelect={() => onGo('/school')}>
            <Icon name="school" size={18} /> My school
          </MenuItem>
        ) : null}
        {offersMyTrust ? (
          <MenuItem onSelect={() => onGo('/trust')}>
            <Icon name="layers" size={18} /> My trust
          </MenuItem>
        ) : null}
        <MenuSeparator />
        <MenuItem onSelect={onSignOut} disabled={signingOut}>
          <Icon name="logout" size={18} /> Sign Out
        </MenuItem>
      </MenuContent>
    </DropdownMenu.Root>
  );
}

const MenuTrigger = styled(DropdownMenu.Trigger)`
  ${triggerStyles}
  color: ${({ theme }) => theme.colors.text};

  &:hover,
  &[data-state='open'] {
    background: ${({ theme }) => theme.colors.surfaceMuted};
    border-color: ${({ theme }) => theme.colors.border};
  }
`;

const MenuContent = styled(DropdownMenu.Content)`
  ${menuPanelStyles}
  min-width: 15rem;
  /* A long name or address wraps inside the screen rather than pushing the menu off it. */
  max-width: min(20rem, var(--radix-dropdown-menu-content-available-width, 20rem));
`;

const MenuLabel = styled(DropdownMenu.Label)`
  display: grid;
  padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.fontSize.sm};

  strong,
  span {
    overflow-wrap: anywhere;
  }
  span {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const MenuItem = styled(DropdownMenu.Item)`
  ${menuItemStyles}
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 40px;

  &[data-disabled] {
    opacity: 0.5;
    cursor: default;
  }
`;

const MenuSeparator = styled(DropdownMenu.Separator)`
  height: 1px;
  margin: ${({ theme }) => theme.space.xxs} 0;
  background: ${({ theme }) => theme.colors.border};
`;

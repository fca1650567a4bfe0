import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import type { UserDto } from '@atrium/common';
import { errorText } from '../api/client.ts';
import { useMySchool } from '../api/schools.ts';
import { useMyTrust } from '../api/trusts.ts';
import { useClearSession, useLogout } from '../api/session.ts';
import { TriggerFace, triggerStyles } from './AccountTrigger.tsx';
import { displayName } from './Avatar.tsx';
import { Icon } from './Icon.tsx';
import { useToast } from './toast/Toaster.tsx';

/**
 * The account menu (Radix DropdownMenu): Profile, Certificates, My school, My trust (its managers), Sign Out. Loaded on
 * sign-in only. My school is there for staff whether or not they have one: a manager runs their
 * school there, a member sees its courses, and someone without one learns how to join or creates
 * it. The agency's admin reaches every school from Admin, so it is offered to them only when they
 * belong to a school themselves.
 */
export function UserMenu({ user, isAdmin }: { user: UserDto; isAdmin: boolean }) {
  const navigate = useNavigate();
  const { toast } = useToast();
  const logout = useLogout();
  const clearSession = useClearSession();
  const mine = useMySchool(isAdmin);
  const offersMySchool = !isAdmin || Boolean(mine.data?.school);
  // Offered to a trust's managers only (invited by e-mail; nobody else has a /trust).
  const trust = useMyTrust();

  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        // Both updates land in one render: the landing page, with nobody signed in.
        navigate('/');
        clearSession();
      },
      onError: (error) => toast({ title: 'Logout failed', description: errorText(error, 'Please try again.'), variant: 'destructive' }),
    });

  return (
    // Not modal and not portalled: the menu stays inside the header landmark and the page is
    // not hidden from assistive technology while it is open (axe: aria-hidden-focus, region).
    <DropdownMenu.Root modal={false}>
      <MenuTrigger>
        <TriggerFace user={user} />
      </MenuTrigger>
      <MenuContent align="end" sideOffset={8}>
        <MenuLabel>
          <strong>{displayName(user)}</strong>
          <span>{user.email}</span>
        </MenuLabel>
        <MenuSeparator />
        <MenuItem onSelect={() => navigate('/profile')}>
          <Icon name="user" size={18} /> Profile
        </MenuItem>
        <MenuItem onSelect={() => navigate('/certificates')}>
          <Icon name="award" size={18} /> Certificates
        </MenuItem>
        {offersMySchool ? (
          <MenuItem onSelect={() => navigate('/school')}>
            <Icon name="school" size={18} /> My school
          </MenuItem>
        ) : null}
        {trust.data?.trust ? (
          <MenuItem onSelect={() => navigate('/trust')}>
            <Icon name="school" size={18} /> My trust
          </MenuItem>
        ) : null}
        <MenuSeparator />
        <MenuItem onSelect={signOut} disabled={logout.isPending}>
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
  z-index: ${({ theme }) => theme.zIndex.dropdown};
  min-width: 15rem;
  padding: ${({ theme }) => theme.space.xs};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow.raised};
`;

const MenuLabel = styled(DropdownMenu.Label)`
  display: grid;
  padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.fontSize.sm};

  span {
    color: ${({ theme }) => theme.colors.textMuted};
    overflow: hidden;
    text-overflow: ellipsis;
  }
`;

const MenuItem = styled(DropdownMenu.Item)`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 40px;
  padding: 0 ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radius.sm};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  outline: none;

  &[data-highlighted] {
    background: ${({ theme }) => theme.colors.accentSoft};
    color: ${({ theme }) => theme.colors.accentHover};
  }
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

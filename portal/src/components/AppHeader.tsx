import { lazy, Suspense } from 'react';
import { NavLink } from 'react-router';
import styled from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import { useAdminOverview } from '../api/admin.ts';
import { usePublicConfig } from '../api/config.ts';
import { useMySchool } from '../api/schools.ts';
import { useAuth } from '../session/AuthProvider.tsx';
import { TriggerFace, triggerStyles } from './AccountTrigger.tsx';
import { CurrencySwitcher } from './CurrencySwitcher.tsx';
import { Container } from './Layout.tsx';
import { Logo } from './Logo.tsx';
import { NotificationBell } from './notifications/NotificationBell.tsx';

// The dropdown (and its positioning code) is only needed once someone is signed in, so it
// stays out of the landing page's first load.
const UserMenu = lazy(async () => ({ default: (await import('./UserMenu.tsx')).UserMenu }));

/** Top navigation for signed-in users (SPEC §2): Dashboard, Certificates, Admin, user menu. */
export function AppHeader() {
  const { user, isAdmin } = useAuth();
  const brand = usePublicConfig().data?.brandName;
  if (!user) return null;
  return (
    <Header className="no-print">
      <Bar>
        <Logo brand={brand} />
        <Nav aria-label="Main">
          <NavItem to="/" end>
            Dashboard
          </NavItem>
          <NavItem to="/certificates">Certificates</NavItem>
          <SchoolNavItem />
          {isAdmin ? <AdminNavItem /> : null}
        </Nav>
        <MenuSlot>
          <CurrencySwitcher />
          <NotificationBell />
          <Suspense
            fallback={
              <Placeholder aria-hidden="true">
                <TriggerFace user={user} />
              </Placeholder>
            }
          >
            <UserMenu user={user} isAdmin={isAdmin} />
          </Suspense>
        </MenuSlot>
      </Bar>
    </Header>
  );
}

/** My school: for members and managers of a school (GET /api/schools/mine). */
function SchoolNavItem() {
  const school = useMySchool().data?.school;
  return school ? <NavItem to="/school">My school</NavItem> : null;
}

/** Admin, with the count of contact messages still waiting for a reply. */
function AdminNavItem() {
  const unhandled = useAdminOverview().data?.unhandledMessages ?? 0;
  return (
    <NavItem to="/admin">
      Admin
      {unhandled > 0 ? (
        <>
          <Count aria-hidden="true">{unhandled > 99 ? '99+' : unhandled}</Count>
          <span className="visually-hidden">{`(${unhandled} unanswered ${unhandled === 1 ? 'message' : 'messages'})`}</span>
        </>
      ) : null}
    </NavItem>
  );
}

const Count = styled.span`
  display: inline-grid;
  place-items: center;
  min-width: 1.25rem;
  height: 1.25rem;
  margin-left: ${({ theme }) => theme.space.xxs};
  padding: 0 0.3rem;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.colors.danger};
  color: ${({ theme }) => theme.colors.onAccent};
  font-size: ${({ theme }) => theme.fontSize.xs};
  font-weight: 700;
  line-height: 1;
`;

const Header = styled.header`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.zIndex.sticky};
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Bar = styled(Container)`
  display: grid;
  grid-template-columns: 1fr auto;
  grid-template-areas:
    'logo menu'
    'nav nav';
  align-items: center;
  column-gap: ${({ theme }) => theme.space.md};
  padding-top: ${({ theme }) => theme.space.xs};

  ${media.tablet} {
    grid-template-columns: auto 1fr auto;
    grid-template-areas: 'logo nav menu';
    min-height: 64px;
    padding-top: 0;
  }

  & > a:first-child {
    grid-area: logo;
    min-width: 0;
  }
`;

const Nav = styled.nav`
  grid-area: nav;
  display: flex;
  /* Every link stays in sight on a 320 px phone: a second row rather than a hidden scroll. */
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xxs};
  margin: 0 -${({ theme }) => theme.space.xs};

  ${media.tablet} {
    margin: 0 0 0 ${({ theme }) => theme.space.lg};
  }
`;

const NavItem = styled(NavLink)`
  position: relative;
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  padding: 0 ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radius.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: 500;
  text-decoration: none;
  white-space: nowrap;

  &:hover {
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }

  &.active {
    color: ${({ theme }) => theme.colors.accent};
    font-weight: 600;
  }
  &.active::after {
    content: '';
    position: absolute;
    left: ${({ theme }) => theme.space.sm};
    right: ${({ theme }) => theme.space.sm};
    bottom: 2px;
    height: 2px;
    border-radius: 2px;
    background: ${({ theme }) => theme.colors.accent};
  }
`;

const MenuSlot = styled.div`
  grid-area: menu;
  justify-self: end;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
`;

const Placeholder = styled.span`
  ${triggerStyles}
  color: ${({ theme }) => theme.colors.text};
  cursor: default;
`;

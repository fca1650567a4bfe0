import { Suspense, type ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import styled from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import { usePublicConfig } from '../api/config.ts';
import { useAuth } from '../session/AuthProvider.tsx';
import { AppHeader } from './AppHeader.tsx';
import { SignInLink } from './SignInLink.tsx';
import { Container } from './Layout.tsx';
import { LoadingState } from './Loading.tsx';
import { Logo } from './Logo.tsx';
import { MAIN_ID, SkipLink } from './SkipLink.tsx';

/** Header for visitors on pages other than the landing page. */
function PublicHeader() {
  const { pathname } = useLocation();
  const brand = usePublicConfig().data?.brandName;
  return (
    <Header className="no-print">
      <HeaderBar>
        <Logo brand={brand} />
        {pathname === '/auth' ? null : (
          <SignInLink to="/auth" variant="secondary" size="sm">
            Sign In
          </SignInLink>
        )}
      </HeaderBar>
    </Header>
  );
}

export function SiteFooter() {
  const config = usePublicConfig();
  const year = new Date().getFullYear();
  return (
    <Footer className="no-print">
      <FooterBar>
        <span>
          © {year} {config.data?.brandName ?? ''}
        </span>
        <FooterLinks>
          <Link to="/accessibility">Accessibility</Link>
          {config.data?.supportEmail ? (
            <span>
              Support: <a href={`mailto:${config.data.supportEmail}`}>{config.data.supportEmail}</a>
            </span>
          ) : null}
        </FooterLinks>
      </FooterBar>
    </Footer>
  );
}

/** Header (signed-in navigation or the visitor header), main landmark and footer. */
export function PageFrame({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return (
    <>
      <SkipLink />
      {user ? <AppHeader /> : <PublicHeader />}
      <FrameMain id={MAIN_ID} tabIndex={-1}>
        {children}
      </FrameMain>
      <SiteFooter />
    </>
  );
}

/** Layout route: every framed scene renders into the Outlet, loading lazily. */
export function FramedLayout() {
  return (
    <PageFrame>
      <Suspense fallback={<LoadingState label="Loading page" />}>
        <Outlet />
      </Suspense>
    </PageFrame>
  );
}

const Header = styled.header`
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const HeaderBar = styled(Container)`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  min-height: 64px;
`;

const FrameMain = styled.main`
  flex: 1;
  padding: ${({ theme }) => theme.space.xl} 0 ${({ theme }) => theme.space.xxl};

  ${media.tablet} {
    padding-top: ${({ theme }) => theme.space.xxl};
  }

  &:focus {
    outline: none;
  }

  @media print {
    padding: 0;
  }
`;

const Footer = styled.footer`
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const FooterLinks = styled.span`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.lg};
`;

const FooterBar = styled(Container)`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.lg};
  padding-top: ${({ theme }) => theme.space.lg};
  padding-bottom: ${({ theme }) => theme.space.lg};
  /* Room for the floating support button on phones. */
  padding-right: 5.5rem;
`;

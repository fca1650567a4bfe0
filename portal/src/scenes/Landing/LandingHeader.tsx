import { lazy, Suspense, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import { SignInLink } from '../../components/SignInLink.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Container } from '../../components/Layout.tsx';
import { Logo } from '../../components/Logo.tsx';
import { landingContent } from '../../content/landing.ts';
import { MenuTrigger } from './landingStyles.ts';

// The dropdown's code is not needed until someone opens it: loaded on the first tap (or when a
// finger or the focus reaches the button, so it is usually there by the time the tap ends).
const loadMenu = () => import('./LandingMenu.tsx');
const LandingMenu = lazy(async () => ({ default: (await loadMenu()).LandingMenu }));

/**
 * The phone's Menu: the same link on the server and in the browser (so hydration changes nothing),
 * which opens the section links as a dropdown once the page's script runs.
 */
function PhoneMenu({ links, fallbackHref }: { links: ReadonlyArray<{ label: string; href: string }>; fallbackHref: string }) {
  const [wanted, setWanted] = useState(false);
  const trigger = (
    <MenuTrigger
      href={fallbackHref}
      role="button"
      aria-label="Menu"
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerDown={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      onClick={(event) => {
        event.preventDefault();
        setWanted(true);
      }}
      // A button opens on Space as well as Enter (a link would only follow Enter).
      onKeyDown={(event) => {
        if (event.key !== ' ') return;
        event.preventDefault();
        setWanted(true);
      }}
    >
      <Icon name="menu" size={22} />
    </MenuTrigger>
  );
  if (!wanted) return trigger;
  return (
    <Suspense fallback={trigger}>
      <LandingMenu links={links} fallbackHref={fallbackHref} />
    </Suspense>
  );
}

/** The landing page's header: the brand, the section links, the currency switcher (a container, given) and Sign In. */
export function LandingHeader({ brand, currencySwitcher }: { brand: string | undefined; currencySwitcher: ReactNode }) {
  const { header, footer } = landingContent;
  return (
    <Header>
      <Bar>
        <Logo brand={brand} />
        <Nav aria-label="Page sections">
          {footer.links.map((link) => (
            <a key={link.href} href={link.href}>
              {link.label}
            </a>
          ))}
        </Nav>
        {currencySwitcher}
        <SignInLink to={header.signIn.to} size="sm">
          {header.signIn.label}
        </SignInLink>
        <PhoneOnly>
          <PhoneMenu links={footer.links} fallbackHref={`#${footer.sectionsId}`} />
        </PhoneOnly>
      </Bar>
    </Header>
  );
}

const Header = styled.header`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.zIndex.sticky};
  background: ${({ theme }) => theme.colors.translucentSurface};
  backdrop-filter: saturate(1.4) blur(8px);
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Bar = styled(Container)`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  min-height: 64px;

  ${media.tablet} {
    gap: ${({ theme }) => theme.space.md};
  }

  & > a:first-child {
    margin-right: auto;
    min-width: 0;
  }
`;

const Nav = styled.nav`
  display: none;
  gap: ${({ theme }) => theme.space.xs};

  ${media.tablet} {
    display: flex;
  }

  a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    padding: 0 ${({ theme }) => theme.space.sm};
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 500;
    text-decoration: none;
    border-radius: ${({ theme }) => theme.radius.sm};
  }
  a:hover {
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
`;

/** Below the tablet width the section links live in the menu instead of the bar. */
const PhoneOnly = styled.div`
  display: flex;

  ${media.tablet} {
    display: none;
  }
`;

import { lazy, Suspense } from 'react';
import styled from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import { ButtonLink } from '../../components/Button.tsx';
import { Icon } from '../../components/Icon.tsx';
import { CurrencySwitcher } from '../../components/CurrencySwitcher.tsx';
import { Container } from '../../components/Layout.tsx';
import { Logo } from '../../components/Logo.tsx';
import { landingContent } from '../../content/landing.ts';
import { menuTriggerStyles } from './landingStyles.ts';

// The dropdown's code is not needed for the first screen: the same button stands in until it arrives.
const LandingMenu = lazy(async () => ({ default: (await import('./LandingMenu.tsx')).LandingMenu }));

export function LandingHeader() {
  const { header, footer } = landingContent;
  return (
    <Header>
      <Bar>
        <Logo />
        <Nav aria-label="Page sections">
          {footer.links.map((link) => (
            <a key={link.href} href={link.href}>
              {link.label}
            </a>
          ))}
        </Nav>
        <CurrencySwitcher />
        <ButtonLink to={header.signIn.to} size="sm">
          {header.signIn.label}
        </ButtonLink>
        <PhoneOnly>
          <Suspense
            fallback={
              // Until the menu's code runs (or without JavaScript) the button is a link to the
              // same section links in the footer, so a tap is never lost.
              <MenuPlaceholder href={`#${footer.sectionsId}`} aria-label="Menu">
                <Icon name="menu" size={22} />
              </MenuPlaceholder>
            }
          >
            <LandingMenu links={footer.links} />
          </Suspense>
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

const MenuPlaceholder = styled.a`
  ${menuTriggerStyles}
  color: ${({ theme }) => theme.colors.text};
`;

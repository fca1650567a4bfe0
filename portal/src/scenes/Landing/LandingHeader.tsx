import styled from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import { ButtonLink } from '../../components/Button.tsx';
import { Container } from '../../components/Layout.tsx';
import { Logo } from '../../components/Logo.tsx';
import { landingContent } from '../../content/landing.ts';

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
        <ButtonLink to={header.signIn.to} size="sm">
          {header.signIn.label}
        </ButtonLink>
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
  gap: ${({ theme }) => theme.space.md};
  min-height: 64px;

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

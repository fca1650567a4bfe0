import styled from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import { Container } from '../../components/Layout.tsx';
import { Logo } from '../../components/Logo.tsx';
import { landingContent } from '../../content/landing.ts';

/** The footer: the sections, sign-in, the brand and the support address (none until the configuration is read). */
export function LandingFooter({ brand, supportEmail }: { brand?: string; supportEmail?: string }) {
  const { footer } = landingContent;
  return (
    <Footer>
      <Grid>
        <div>
          <Logo brand={brand} inverse />
          <Tagline>{footer.tagline}</Tagline>
        </div>
        <nav aria-label="Footer" id={footer.sectionsId}>
          <Links>
            {footer.links.map((link) => (
              <li key={link.href}>
                <a href={link.href}>{link.label}</a>
              </li>
            ))}
            <li>
              <a href="/auth">Sign In</a>
            </li>
          </Links>
        </nav>
      </Grid>
      <Bottom>
        <span>
          © {new Date().getFullYear()} {brand ?? ''}
        </span>
        {supportEmail ? <a href={`mailto:${supportEmail}`}>{supportEmail}</a> : null}
      </Bottom>
    </Footer>
  );
}

const Footer = styled.footer`
  padding: ${({ theme }) => theme.space.xxl} 0 ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.colors.text};
  color: ${({ theme }) => theme.colors.inverse.footerText};

  a {
    color: ${({ theme }) => theme.colors.inverse.footerLink};
  }
  a:hover {
    color: ${({ theme }) => theme.colors.inverse.text};
  }
`;

const Grid = styled(Container)`
  display: grid;
  gap: ${({ theme }) => theme.space.xl};

  ${media.tablet} {
    grid-template-columns: 2fr 1fr;
  }
`;

const Tagline = styled.p`
  margin-top: ${({ theme }) => theme.space.sm};
  max-width: 28rem;
`;

const Links = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Bottom = styled(Container)`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.xl};
  padding-top: ${({ theme }) => theme.space.lg};
  /* Room for the floating support button. */
  padding-right: 5.5rem;
  border-top: 1px solid ${({ theme }) => theme.colors.inverse.divider};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

import styled from 'styled-components';
import { ButtonLink } from '../../components/Button.tsx';
import { Container } from '../../components/Layout.tsx';
import { landingContent } from '../../content/landing.ts';

export function ClosingCta() {
  const { closingCta } = landingContent;
  return (
    <Band aria-labelledby="closing-title">
      <Inner $narrow>
        <h2 id="closing-title">{closingCta.heading}</h2>
        <p>{closingCta.body}</p>
        <ButtonLink to={closingCta.cta.to} variant="inverse" size="lg">
          {closingCta.cta.label}
        </ButtonLink>
      </Inner>
    </Band>
  );
}

const Band = styled.section`
  padding: ${({ theme }) => theme.space.section} 0;
  background: linear-gradient(135deg, ${({ theme }) => theme.colors.accentDeep}, ${({ theme }) => theme.colors.accent});
  color: ${({ theme }) => theme.colors.onAccent};
`;

const Inner = styled(Container)`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space.md};
  text-align: center;

  h2 {
    color: ${({ theme }) => theme.colors.onAccent};
    font-size: clamp(1.6rem, 4vw, 2.4rem);
    font-weight: 800;
    max-width: 22ch;
  }
  p {
    color: ${({ theme }) => theme.colors.onAccentMuted};
    font-size: ${({ theme }) => theme.fontSize.lg};
    margin-bottom: ${({ theme }) => theme.space.sm};
  }
`;

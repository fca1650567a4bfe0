import styled from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import { ButtonAnchor, ButtonLink } from '../../components/Button.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Container } from '../../components/Layout.tsx';
import { landingContent } from '../../content/landing.ts';

export function Hero() {
  const { hero } = landingContent;
  return (
    <Wrap aria-labelledby="hero-title">
      <Grid>
        <div>
          <Eyebrow>{hero.eyebrow}</Eyebrow>
          <Title id="hero-title">{hero.title}</Title>
          <Subtitle>{hero.subtitle}</Subtitle>
          <Ctas>
            <ButtonLink to={hero.primaryCta.to} size="lg">
              {hero.primaryCta.label}
              <Icon name="arrowRight" size={20} />
            </ButtonLink>
            <ButtonAnchor href={hero.secondaryCta.href} variant="secondary" size="lg">
              {hero.secondaryCta.label}
            </ButtonAnchor>
          </Ctas>
          <Highlights>
            {hero.highlights.map((item) => (
              <li key={item}>
                <Icon name="checkCircle" size={20} />
                {item}
              </li>
            ))}
          </Highlights>
        </div>
        <Illustration aria-hidden="true">
          <PlayerMock>
            <Screen>
              <PlayMark>
                <Icon name="play" size={28} />
              </PlayMark>
              <Scrubber>
                <span />
              </Scrubber>
            </Screen>
            <MockBody>
              <MockLine $w="70%" $strong />
              <MockLine $w="45%" />
              <MockModules>
                {[true, true, false].map((done, index) => (
                  <MockModule key={index} $done={done}>
                    <Icon name={done ? 'checkCircle' : 'playCircle'} size={18} />
                    <MockLine $w={index === 2 ? '55%' : '65%'} />
                  </MockModule>
                ))}
              </MockModules>
            </MockBody>
          </PlayerMock>
          <CertificateMock>
            <Icon name="award" size={22} />
            <div>
              <MockLine $w="7rem" $strong />
              <MockLine $w="5rem" />
            </div>
          </CertificateMock>
        </Illustration>
      </Grid>
    </Wrap>
  );
}

const Wrap = styled.section`
  padding: clamp(2.5rem, 7vw, 5.5rem) 0;
  background: radial-gradient(60rem 30rem at 100% 0%, ${({ theme }) => theme.colors.accentSoft}, transparent 70%), ${({ theme }) => theme.colors.background};
  overflow: hidden;
`;

const Grid = styled(Container)`
  display: grid;
  gap: ${({ theme }) => theme.space.xxl};
  align-items: center;

  ${media.desktop} {
    grid-template-columns: 1.1fr 0.9fr;
  }
`;

const Eyebrow = styled.p`
  display: inline-block;
  margin-bottom: ${({ theme }) => theme.space.md};
  padding: 0.3rem 0.8rem;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.colors.accentSoft};
  color: ${({ theme }) => theme.colors.accentHover};
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: 600;
`;

const Title = styled.h1`
  font-size: ${({ theme }) => theme.fontSize.hero};
  font-weight: 800;
  letter-spacing: -0.03em;
  max-width: 16ch;
`;

const Subtitle = styled.p`
  margin-top: ${({ theme }) => theme.space.lg};
  max-width: 36rem;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.lg};
  line-height: 1.65;
`;

const Ctas = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.xl};

  @media (max-width: 479px) {
    a {
      width: 100%;
    }
  }
`;

const Highlights = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.lg};
  margin: ${({ theme }) => theme.space.xl} 0 0;
  padding: 0;
  list-style: none;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: 500;

  li {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.xs};
  }
  svg {
    color: ${({ theme }) => theme.colors.success};
  }
`;

const Illustration = styled.div`
  position: relative;
  display: none;
  padding: ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.xxl};

  ${media.tablet} {
    display: block;
    max-width: 32rem;
    margin: 0 auto;
    width: 100%;
  }
`;

const PlayerMock = styled.div`
  overflow: hidden;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow.raised};
  transform: rotate(-1.5deg);
`;

const Screen = styled.div`
  position: relative;
  display: grid;
  place-items: center;
  aspect-ratio: 16 / 9;
  background: linear-gradient(
    135deg,
    ${({ theme }) => theme.colors.accentDeep},
    ${({ theme }) => theme.colors.accent} 60%,
    ${({ theme }) => theme.colors.accentBright}
  );
`;

const PlayMark = styled.span`
  display: grid;
  place-items: center;
  width: 64px;
  height: 64px;
  padding-left: 4px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.translucentSurface};
  color: ${({ theme }) => theme.colors.accent};
`;

const Scrubber = styled.span`
  position: absolute;
  left: 1rem;
  right: 1rem;
  bottom: 1rem;
  height: 5px;
  border-radius: 5px;
  background: ${({ theme }) => theme.colors.inverse.track};

  span {
    display: block;
    width: 62%;
    height: 100%;
    border-radius: inherit;
    background: ${({ theme }) => theme.colors.onAccent};
  }
`;

const MockBody = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.lg};
`;

const MockLine = styled.span<{ $w: string; $strong?: boolean }>`
  display: block;
  width: ${({ $w }) => $w};
  height: ${({ $strong }) => ($strong ? '12px' : '9px')};
  border-radius: 6px;
  background: ${({ theme, $strong }) => ($strong ? theme.colors.borderStrong : theme.colors.surfaceMuted)};
`;

const MockModules = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.sm};
`;

const MockModule = styled.div<{ $done: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  color: ${({ theme, $done }) => ($done ? theme.colors.success : theme.colors.accent)};
`;

const CertificateMock = styled.div`
  position: absolute;
  right: 0;
  bottom: 0;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow.raised};
  color: ${({ theme }) => theme.colors.warning};
  transform: rotate(2deg);

  div {
    display: grid;
    gap: 6px;
  }
`;

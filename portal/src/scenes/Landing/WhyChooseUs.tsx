import styled from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import { Icon } from '../../components/Icon.tsx';
import { Container } from '../../components/Layout.tsx';
import { landingContent } from '../../content/landing.ts';
import { Section, SectionHeader, SectionIntro, SectionTitle } from './landingStyles.ts';

export function WhyChooseUs() {
  const { whyChooseUs } = landingContent;
  return (
    <Section aria-labelledby="why-title">
      <Container>
        <SectionHeader>
          <SectionTitle id="why-title">{whyChooseUs.heading}</SectionTitle>
          <SectionIntro>{whyChooseUs.intro}</SectionIntro>
        </SectionHeader>
        <Points>
          {whyChooseUs.points.map((point) => (
            <Point key={point.title}>
              <IconTile>
                <Icon name={point.icon} size={26} />
              </IconTile>
              <h3>{point.title}</h3>
              <p>{point.body}</p>
            </Point>
          ))}
        </Points>
      </Container>
    </Section>
  );
}

const Points = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  margin: 0;
  padding: 0;
  list-style: none;

  ${media.tablet} {
    grid-template-columns: repeat(3, 1fr);
  }
`;

const Point = styled.li`
  padding: ${({ theme }) => theme.space.xl};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};

  h3 {
    margin-top: ${({ theme }) => theme.space.md};
    font-size: ${({ theme }) => theme.fontSize.lg};
  }
  p {
    margin-top: ${({ theme }) => theme.space.xs};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const IconTile = styled.div`
  display: grid;
  place-items: center;
  width: 52px;
  height: 52px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.accentSoft};
  color: ${({ theme }) => theme.colors.accent};
`;

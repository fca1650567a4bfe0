import { CourseGrid } from '@atrium/widgets/course-grid/CourseGrid';
import styled from 'styled-components';
import { useShownCurrency } from '../../api/currency.ts';
import { Container } from '../../components/Layout.tsx';
import { landingContent } from '../../content/landing.ts';
import { Section, SectionHeader, SectionIntro, SectionTitle } from './landingStyles.ts';

/** The public course grid: the same component the course-grid widget ships. */
export function CoursesSection() {
  const { courses } = landingContent;
  const currency = useShownCurrency();
  return (
    <Section id="courses" aria-labelledby="courses-title" $tone="muted">
      <Container>
        <SectionHeader>
          <SectionTitle id="courses-title">{courses.heading}</SectionTitle>
          <SectionIntro>{courses.intro}</SectionIntro>
        </SectionHeader>
        <GridFit>
          <CourseGrid currency={currency} />
        </GridFit>
      </Container>
    </Section>
  );
}

/**
 * The widget's grid fills columns of at least 260 px, which leaves the fourth course alone on a
 * row at common laptop widths; through its documented "grid" part the landing page asks for
 * two columns, then four on wide screens.
 */
const GridFit = styled.div`
  @media (min-width: 640px) {
    [part='grid'] {
      grid-template-columns: repeat(2, minmax(0, 1fr));
    }
  }
  @media (min-width: 1200px) {
    [part='grid'] {
      grid-template-columns: repeat(4, minmax(0, 1fr));
    }
  }
`;

import { CourseGridView } from '@atrium/widgets/course-grid/CourseGridView';
import type { CourseCardCourse } from '@atrium/widgets/course-grid/CourseCard';
import styled from 'styled-components';
import type { CourseSummaryDto } from '@atrium/common';
import { useShownCurrency } from '../../api/currency.ts';
import { readerLocale } from '../../components/coursePrice.ts';
import { QueryState, type ReadState } from '../../components/QueryState.tsx';
import { Container } from '../../components/Layout.tsx';
import { landingContent } from '../../content/landing.ts';
import { Section, SectionHeader, SectionIntro, SectionTitle } from './landingStyles.ts';

/** A visitor signs in or registers first, then comes back to the course (CourseGrid's `signedIn`). */
const linkFor = (course: CourseCardCourse) => `/auth?next=${encodeURIComponent(`/courses/${course.id}`)}`;

/**
 * The public course grid: the view the course-grid widget ships, fed by the portal's one
 * `/api/courses` read (the pricing card and the FAQ show the same answer), which the server has
 * already filled in on a server-rendered page.
 */
export function CoursesSection({ catalogue }: { catalogue: ReadState<CourseSummaryDto[]> }) {
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
          {/* The kit draws the read's state; the widget's grid draws the courses once they are here. */}
          <QueryState read={catalogue} size="panel" loading="Loading the courses" failed="The courses could not be loaded.">
            {(list) => (
              <CourseGridView
                state={{ status: 'ready', courses: list }}
                linkFor={linkFor}
                actionLabel="Get Started"
                currency={currency}
                locale={readerLocale()}
                onRetry={() => undefined}
              />
            )}
          </QueryState>
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
  /* A catalogue can hold a hundred courses: the browser styles, lays out and paints only the
     cards near the screen, each remembering its real size once drawn (about 26rem is what a card
     measures). In-page links land right: the sections below are placed by these sizes throughout. */
  [part='grid'] > * {
    content-visibility: auto;
    contain-intrinsic-size: auto 26rem;
  }
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

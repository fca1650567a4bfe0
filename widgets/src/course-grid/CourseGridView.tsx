import styled from 'styled-components';
import { Button } from '../shared/controls.tsx';
import { AlertIcon } from '../shared/icons.tsx';
import { rootTypography, tokens } from '../tokens.ts';
import type { Currency } from '@atrium/common/rules/currency';
import { CourseCard, CourseCardPlaceholder, type CourseCardCourse } from './CourseCard.tsx';

export type CourseGridState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; courses: CourseCardCourse[] };

export interface CourseGridViewProps {
  state: CourseGridState;
  /** Where a card's button leads: the portal's /auth, or /checkout/:id for a signed-in user. */
  linkFor(course: CourseCardCourse): string;
  actionLabel: string;
  /** The currency prices are shown in (GBP when absent). */
  currency?: Currency;
  /** The locale amounts are written in (CourseCard's `locale`). */
  locale?: string;
  onRetry(): void;
}

const PLACEHOLDER_COUNT = 4;

/** The public course grid: four placeholders while loading, then the cards, or an error. */
export function CourseGridView({ state, linkFor, actionLabel, currency, locale, onRetry }: CourseGridViewProps) {
  if (state.status === 'error') {
    return (
      <Root>
        <Notice role="alert" part="error">
          <AlertIcon size={28} />
          <NoticeTitle>We couldn't load the courses</NoticeTitle>
          <NoticeText>Please check your connection and try again.</NoticeText>
          <Button type="button" $variant="secondary" onClick={onRetry} part="button">
            Try again
          </Button>
        </Notice>
      </Root>
    );
  }
  if (state.status === 'ready' && state.courses.length === 0) {
    return (
      <Root>
        <Notice part="empty">
          <NoticeTitle>No courses yet</NoticeTitle>
          <NoticeText>New courses are on their way. Please check back soon.</NoticeText>
        </Notice>
      </Root>
    );
  }
  const loading = state.status === 'loading';
  return (
    <Root>
      {/* A label needs a role: the placeholders are a status that is busy, the cards a group. */}
      <Grid part="grid" role={loading ? 'status' : 'group'} aria-busy={loading} aria-label={loading ? 'Loading courses' : 'Courses'}>
        {loading
          ? Array.from({ length: PLACEHOLDER_COUNT }, (_, index) => <CourseCardPlaceholder key={index} />)
          : state.courses.map((course) => (
              <CourseCard key={course.id} course={course} href={linkFor(course)} actionLabel={actionLabel} currency={currency} locale={locale} />
            ))}
      </Grid>
    </Root>
  );
}

const Root = styled.div`
  ${rootTypography}
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 260px), 1fr));
  gap: 24px;
`;

const Notice = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 8px;
  padding: 40px 24px;
  text-align: center;
  color: ${tokens.textMuted};
  background: ${tokens.surface};
  border: 1px dashed ${tokens.border};
  border-radius: ${tokens.radiusLarge};
  & > svg {
    color: ${tokens.danger};
  }
  & > button {
    margin-top: 8px;
  }
`;

const NoticeTitle = styled.p`
  margin: 0;
  font-size: 18px;
  font-weight: 700;
  color: ${tokens.text};
`;

const NoticeText = styled.p`
  margin: 0;
  font-size: 15px;
`;

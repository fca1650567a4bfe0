import styled from 'styled-components';
import type { DashboardCourseDto, MyTrainingDto } from '@atrium/common';
import { dashboardCardMedia, enrolledCourseAction, modulesPhrase } from '@atrium/common/rules/courseCard';
import { hoursPhrase } from '@atrium/common/rules/format';
import { stepProgress } from '@atrium/common/rules/courseRequirements';
import { useShownCurrency } from '../api/currency.ts';
import { shownPrice } from './coursePrice.ts';
import { Badge } from './Badge.tsx';
import { ButtonLink } from './Button.tsx';
import { CourseMedia } from './CourseMedia.tsx';
import { Icon } from './Icon.tsx';
import { ProgressBar } from './ProgressBar.tsx';
import { DueNote } from './DueNote.tsx';
import { CpdLine } from './CpdValue.tsx';

/**
 * A dashboard course card (SPEC §2). Enrolled: progress and Start/Continue. Not enrolled:
 * modules, hours, price and Purchase Course; a course free in the reader's currency has nothing to purchase,
 * so its card says Free and opens the course page, where Enroll Now enrolls at once.
 */
export function CourseCard({ course, certificateHref, training }: { course: DashboardCourseDto; certificateHref?: string; training?: MyTrainingDto }) {
  const media = dashboardCardMedia(course);
  const titleId = `course-${course.id}-title`;
  return (
    <Card aria-labelledby={titleId}>
      <CourseMedia media={media} title={course.title} />
      <Body>
        <TitleRow>
          <Title id={titleId}>{course.title}</Title>
          {course.isEnrolled ? <Badge $tone={course.progressPercentage === 100 ? 'success' : 'accent'}>{course.progressPercentage}%</Badge> : null}
        </TitleRow>
        {training ? <DueNote training={training} /> : null}
        <Description>{course.description}</Description>
        <CpdLine course={course} />
        {course.isEnrolled ? <EnrolledFooter course={course} certificateHref={certificateHref} /> : <PurchaseFooter course={course} />}
      </Body>
    </Card>
  );
}

/** A finished course (100 %) leads to its certificate; its modules stay open from the course page. */
function EnrolledFooter({ course, certificateHref }: { course: DashboardCourseDto; certificateHref?: string }) {
  const finished = course.progressPercentage === 100 && certificateHref !== undefined;
  return (
    <Footer>
      <Meta>
        <span>
          <Icon name="layers" size={16} />
          {progressCount(course)}
        </span>
      </Meta>
      <ProgressBar value={course.progressPercentage} label={`${course.title}: progress`} size="sm" />
      {finished ? (
        <Actions>
          <ButtonLink to={certificateHref} block>
            <Icon name="award" size={18} /> View Certificate
          </ButtonLink>
          <ButtonLink to={`/courses/${course.id}`} variant="secondary" block>
            Rewatch the course
          </ButtonLink>
        </Actions>
      ) : (
        <ButtonLink to={`/courses/${course.id}`} block>
          {enrolledCourseAction(course.progressPercentage)}
        </ButtonLink>
      )}
    </Footer>
  );
}

/** "2/5 modules completed", or "6/7 steps completed" once the course has a knowledge check or an assignment: what the percent counts. */
function progressCount(course: DashboardCourseDto): string {
  const { completed, total, unit } = stepProgress(course);
  return `${completed}/${total} ${unit === 'step' ? 'steps' : 'modules'} completed`;
}

function PurchaseFooter({ course }: { course: DashboardCourseDto }) {
  const price = shownPrice(course, useShownCurrency());
  return (
    <Footer>
      <Meta>
        <span>
          <Icon name="layers" size={16} />
          {modulesPhrase(course.totalModules)}
        </span>
        <span>
          <Icon name="clock" size={16} />
          {hoursPhrase(course.totalModules)}
        </span>
      </Meta>
      <Price data-currency={price.currency}>{price.text}</Price>
      {price.note ? <PriceNote>{price.note}</PriceNote> : null}
      {price.free ? (
        <ButtonLink to={`/courses/${course.id}`} variant="secondary" block>
          View Course
        </ButtonLink>
      ) : (
        <ButtonLink to={`/checkout/${course.id}`} block>
          Purchase Course
        </ButtonLink>
      )}
    </Footer>
  );
}

const PriceNote = styled.p`
  margin-top: -${({ theme }) => theme.space.xs};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.xs};
`;

const Card = styled.article`
  display: flex;
  flex-direction: column;
  overflow: hidden;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow.card};
`;

const Body = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.lg};
`;

const TitleRow = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
`;

const Title = styled.h3`
  font-size: ${({ theme }) => theme.fontSize.lg};
  font-weight: 700;
`;

const Description = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
  display: -webkit-box;
  -webkit-line-clamp: 3;
  -webkit-box-orient: vertical;
  overflow: hidden;
`;

const Footer = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: auto;
  padding-top: ${({ theme }) => theme.space.sm};
`;

const Actions = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
`;

const Meta = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};

  span {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.xxs};
  }
`;

const Price = styled.p`
  font-size: ${({ theme }) => theme.fontSize.xl};
  font-weight: 700;
`;

import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { CourseDetailDto } from '@atrium/common';
import { stepPositionLabel } from '@atrium/common/rules/courseRequirements';
import { courseSteps, stepIndex, type CourseStepDto } from '../courseSteps.ts';
import { Icon, type IconName } from '../Icon.tsx';
import { Container } from '../Layout.tsx';
import { MAIN_ID, SkipLink } from '../SkipLink.tsx';
import { usePageTitle } from '../usePageTitle.ts';
import { Done, StepNavigation } from './ModuleNavigation.tsx';
import { ModuleTopBar } from './ModuleTopBar.tsx';

/** Where a step stands among the course's steps (index -1 when it is not one of them), and the steps either side. */
export interface StepPlace {
  steps: CourseStepDto[];
  index: number;
  previous: CourseStepDto | undefined;
  next: CourseStepDto | undefined;
}

export function stepPlace(course: CourseDetailDto, kind: CourseStepDto['kind'], id: number): StepPlace {
  const steps = courseSteps(course);
  const index = stepIndex(steps, kind, id);
  return { steps, index, previous: index > 0 ? steps[index - 1] : undefined, next: index >= 0 ? steps[index + 1] : undefined };
}

/**
 * The frame of a knowledge check's or an assignment's page (issues 36, 37): the course's top bar,
 * a header with the kind of step, its place in the course, its title and facts, then the step
 * itself, and Previous / Next around what says the step is done.
 */
export function CourseStepPage({
  course,
  place,
  icon,
  kind,
  title,
  facts,
  summary,
  doneText,
  children,
}: {
  course: CourseDetailDto;
  place: StepPlace;
  icon: IconName;
  /** "Knowledge check", "Assignment": the line above the title. */
  kind: string;
  title: string;
  /** The header's facts, as list items. */
  facts: ReactNode;
  /** Under the facts, inside the header (a quiz's best score). */
  summary?: ReactNode;
  /** Beside Previous / Next once the step is done ("Quiz passed"); null before. */
  doneText: string | null;
  children: ReactNode;
}) {
  usePageTitle(`${title} · ${course.title}`);
  const { steps, index, previous, next } = place;
  return (
    <>
      <SkipLink />
      <ModuleTopBar courseId={course.id} courseTitle={course.title} moduleTitle={title} position={stepPositionLabel(steps, Math.max(index, 0))} />
      <main id={MAIN_ID} tabIndex={-1}>
        <Container $narrow>
          <Header>
            <Eyebrow>
              <Icon name={icon} size={16} /> {kind}
              {index >= 0 ? <span> · {stepPositionLabel(steps, index)}</span> : null}
            </Eyebrow>
            <h1>{title}</h1>
            <Facts>{facts}</Facts>
            {summary}
          </Header>

          {children}

          <StepNavigation courseId={course.id} previous={previous} next={next}>
            {doneText ? (
              <Done>
                <Icon name="checkCircle" size={22} /> {doneText}
              </Done>
            ) : null}
          </StepNavigation>
        </Container>
      </main>
    </>
  );
}

const Header = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.xl} 0 ${({ theme }) => theme.space.lg};

  h1 {
    font-size: ${({ theme }) => theme.fontSize.xxl};
    overflow-wrap: anywhere;
  }
`;

const Eyebrow = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xxs};
  color: ${({ theme }) => theme.colors.accentHover};
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: 600;

  span {
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 400;
  }
`;

const Facts = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xxs} ${({ theme }) => theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;
  color: ${({ theme }) => theme.colors.textMuted};

  li + li::before {
    content: '·' / '';
    margin-right: ${({ theme }) => theme.space.md};
  }
  /* One fact a line on a phone, where a wrapped line would start with a dot. */
  @media (max-width: ${({ theme }) => theme.breakpoints.phone}px) {
    flex-direction: column;
    li + li::before {
      content: none;
    }
  }
`;

import styled from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import type { DashboardCourseDto } from '@atrium/common';
import { ButtonLink } from '../../components/Button.tsx';
import { Icon } from '../../components/Icon.tsx';
import { ProgressBar } from '../../components/ProgressBar.tsx';

export function ContinueLearningCard({ course }: { course: DashboardCourseDto }) {
  return (
    <Card aria-labelledby="continue-title">
      <PlayTile aria-hidden="true">
        <Icon name="playCircle" size={32} />
      </PlayTile>
      <Text>
        <Eyebrow id="continue-title">Continue Learning</Eyebrow>
        <CourseTitle>{course.title}</CourseTitle>
        {course.lastWatchedModule ? (
          <Last>
            Last watched: <strong>{course.lastWatchedModule.title}</strong>
          </Last>
        ) : null}
        <Progress>
          <ProgressBar value={course.progressPercentage} label={`${course.title}: progress`} size="sm" />
          <span>{course.progressPercentage}%</span>
        </Progress>
      </Text>
      <ButtonLink to={`/courses/${course.id}`}>
        Continue Learning <Icon name="arrowRight" size={18} />
      </ButtonLink>
    </Card>
  );
}

const Card = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  align-items: center;
  margin-bottom: ${({ theme }) => theme.space.xxl};
  padding: ${({ theme }) => theme.space.lg};
  border: 1px solid ${({ theme }) => theme.colors.accentBorder};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: linear-gradient(120deg, ${({ theme }) => theme.colors.accentSoft}, ${({ theme }) => theme.colors.surface});

  ${media.tablet} {
    grid-template-columns: auto 1fr auto;
    gap: ${({ theme }) => theme.space.lg};
  }
`;

const PlayTile = styled.div`
  display: none;
  place-items: center;
  width: 64px;
  height: 64px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.accent};
  color: ${({ theme }) => theme.colors.onAccent};

  ${media.tablet} {
    display: grid;
  }
`;

const Text = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xxs};
  min-width: 0;
`;

const Eyebrow = styled.h2`
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: 600;
  color: ${({ theme }) => theme.colors.accentHover};
  text-transform: uppercase;
  letter-spacing: 0.06em;
`;

const CourseTitle = styled.p`
  font-size: ${({ theme }) => theme.fontSize.lg};
  font-weight: 700;
`;

const Last = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};

  strong {
    color: ${({ theme }) => theme.colors.text};
    font-weight: 600;
  }
`;

const Progress = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  max-width: 24rem;
  margin-top: ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: 600;
`;

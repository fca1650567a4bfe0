import styled from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import { IconButtonLink } from '../IconButton.tsx';

/** The player's dark bar: close back to the course, which course and module, and where in it. */
export function ModuleTopBar({
  courseId,
  courseTitle,
  moduleTitle,
  position,
}: {
  courseId: number;
  courseTitle: string;
  moduleTitle: string;
  /** Where the step sits, as stepPositionLabel says it: "Module 3 of 5", "Step 6 of 7". */
  position: string;
}) {
  return (
    <Bar>
      <Inner>
        <IconButtonLink to={`/courses/${courseId}`} icon="close" label={`Close and go back to ${courseTitle}`} variant="inverse" size="lg" />
        <Titles>
          <CourseName>{courseTitle}</CourseName>
          <ModuleTitle>{moduleTitle}</ModuleTitle>
        </Titles>
        <Position>{position}</Position>
      </Inner>
    </Bar>
  );
}

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.zIndex.sticky};
  background: ${({ theme }) => theme.colors.inverse.surface};
  color: ${({ theme }) => theme.colors.inverse.text};
  border-bottom: 1px solid ${({ theme }) => theme.colors.inverse.border};
`;

const Inner = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  min-height: 60px;
  padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
`;

const Titles = styled.div`
  display: grid;
  flex: 1;
  min-width: 0;
`;

const CourseName = styled.p`
  color: ${({ theme }) => theme.colors.inverse.textSubtle};
  font-size: ${({ theme }) => theme.fontSize.xs};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const ModuleTitle = styled.p`
  font-weight: 600;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const Position = styled.p`
  display: none;
  flex: none;
  color: ${({ theme }) => theme.colors.inverse.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};

  ${media.tablet} {
    display: block;
  }
`;

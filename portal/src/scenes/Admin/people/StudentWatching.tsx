import styled from 'styled-components';
import type { CourseWatchingDto } from '@atrium/common';
import { ModuleWatchedTime, WatchedTime } from '../../../components/WatchedTime.tsx';

/**
 * Under one enrollment on a student's page: what they actually played of the course, and per
 * module (folded away until asked for) what was played of each and whether it was completed by
 * playing or only marked complete (issue 36).
 */
export function StudentWatching({ courseTitle, watching }: { courseTitle: string; watching: CourseWatchingDto | undefined }) {
  if (!watching) return null;
  return (
    <Wrap>
      <WatchedTime watching={watching} />
      {watching.modules.length > 0 ? (
        <Modules>
          <summary>
            Modules of {courseTitle}: what was played ({watching.modules.length})
          </summary>
          <ol>
            {watching.modules.map((module) => (
              <li key={module.moduleId}>
                <span>{module.title}</span>
                <ModuleWatchedTime module={module} />
              </li>
            ))}
          </ol>
        </Modules>
      ) : null}
    </Wrap>
  );
}

const Wrap = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xxs};
  margin-top: ${({ theme }) => theme.space.xs};
`;

const Modules = styled.details`
  font-size: ${({ theme }) => theme.fontSize.sm};

  summary {
    min-height: 24px;
    padding: ${({ theme }) => theme.space.xxs} 0;
    color: ${({ theme }) => theme.colors.accentHover};
    font-weight: 600;
    cursor: pointer;
  }
  summary:focus-visible {
    outline: none;
    border-radius: ${({ theme }) => theme.radius.sm};
    box-shadow: 0 0 0 3px ${({ theme }) => theme.colors.focus};
  }
  ol {
    display: grid;
    gap: ${({ theme }) => theme.space.xs};
    margin: ${({ theme }) => theme.space.xs} 0 0;
    padding-left: ${({ theme }) => theme.space.lg};
  }
  li {
    overflow-wrap: anywhere;
  }
  li > span:first-child {
    display: block;
    color: ${({ theme }) => theme.colors.text};
  }
`;

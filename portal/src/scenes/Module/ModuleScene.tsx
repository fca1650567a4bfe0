import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import styled from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import type { CourseDetailDto, ModuleDto, ProgressDto, UserDto } from '@atrium/common';
import { formatDuration } from '@atrium/common/rules/format';
import { isNotFound } from '../../api/client.ts';
import { courseKey, DASHBOARD_KEY, useCourse } from '../../api/courses.ts';
import { progressKey, useModuleProgress } from '../../api/progress.ts';
import { Button, ButtonLink } from '../../components/Button.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Container } from '../../components/Layout.tsx';
import { LoadingState } from '../../components/Loading.tsx';
import { MAIN_ID, SkipLink } from '../../components/PageFrame.tsx';
import { StatusMessage } from '../../components/StatusMessage.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useAuth, useSignedInUser } from '../../session/AuthProvider.tsx';
import { sortModules } from '../../components/moduleOrder.ts';
import { Comments } from './Comments.tsx';
import { useModuleCompletion } from './useModuleCompletion.ts';
import { useWatchProgress } from './useWatchProgress.ts';
import { VideoPlayer } from './VideoPlayer.tsx';

/** /courses/:courseId/modules/:moduleId (SPEC §2 "Module page"). */
export function ModuleScene() {
  const { courseId = '', moduleId = '' } = useParams();
  const course = useCourse(courseId);
  const { isAdmin } = useAuth();
  const user = useSignedInUser();
  const backToCourse = `/courses/${courseId}`;

  if (course.isPending) {
    return (
      <Standalone>
        <LoadingState label="Loading module" />
        <Centre>
          <ButtonLink to={backToCourse} variant="secondary">
            Back to Course
          </ButtonLink>
        </Centre>
      </Standalone>
    );
  }
  if (course.isError) {
    return (
      <Standalone>
        {isNotFound(course.error) ? (
          <StatusMessage icon="book" headingLevel={1} title="Course not found" actions={<ButtonLink to="/">Back to Dashboard</ButtonLink>} />
        ) : (
          <StatusMessage
            icon="alert"
            tone="danger"
            headingLevel={1}
            title="This module could not be loaded"
            actions={
              <>
                <Button onClick={() => void course.refetch()}>Try again</Button>
                <ButtonLink to={backToCourse} variant="secondary">
                  Back to Course
                </ButtonLink>
              </>
            }
          >
            <p>{course.error.message}</p>
          </StatusMessage>
        )}
      </Standalone>
    );
  }

  const modules = sortModules(course.data.modules);
  const module = modules.find((candidate) => String(candidate.id) === moduleId);
  if (!module) {
    return (
      <Standalone>
        <StatusMessage icon="layers" headingLevel={1} title="Module not found" actions={<ButtonLink to={backToCourse}>Back to Course</ButtonLink>}>
          <p>This module is not part of {course.data.title}.</p>
        </StatusMessage>
      </Standalone>
    );
  }
  if (!course.data.isEnrolled && !isAdmin) {
    return (
      <Standalone>
        <StatusMessage icon="lock" headingLevel={1} title="Enroll to watch this module" actions={<ButtonLink to={backToCourse}>Back to Course</ButtonLink>}>
          <p>Modules open once you are enrolled in {course.data.title}.</p>
        </StatusMessage>
      </Standalone>
    );
  }
  // A fresh view per module: timers, player and progress never carry over to the next one.
  return <ModuleView key={module.id} course={course.data} modules={modules} module={module} user={user} />;
}

function ModuleView({ course, modules, module, user }: { course: CourseDetailDto; modules: ModuleDto[]; module: ModuleDto; user: UserDto }) {
  usePageTitle(`${module.title} · ${course.title}`);
  const queryClient = useQueryClient();
  const progress = useModuleProgress(module.id);
  const index = modules.findIndex((candidate) => candidate.id === module.id);
  const previous = modules[index - 1];
  const next = modules[index + 1];

  const onSaved = (saved: ProgressDto) => {
    const before = queryClient.getQueryData<ProgressDto | null>(progressKey(module.id));
    queryClient.setQueryData(progressKey(module.id), saved);
    if (saved.isCompleted && !before?.isCompleted) {
      void queryClient.invalidateQueries({ queryKey: courseKey(course.id) });
      void queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY });
    }
  };

  const tracker = useWatchProgress({
    userId: user.id,
    moduleId: module.id,
    courseId: course.id,
    duration: module.duration,
    serverWatched: progress.data?.watchedDuration ?? 0,
    onSaved,
  });
  const completion = useModuleCompletion({ courseId: course.id, module, modules, position: tracker.position });
  const isCompleted = module.isCompleted || progress.data?.isCompleted === true || completion.completed;
  const backToCourse = `/courses/${course.id}`;

  return (
    <>
      <SkipLink />
      <TopBar>
        <TopInner>
          <Close to={backToCourse} aria-label={`Close and go back to ${course.title}`}>
            <Icon name="close" size={22} />
          </Close>
          <Titles>
            <CourseName>{course.title}</CourseName>
            <ModuleTitle>{module.title}</ModuleTitle>
          </Titles>
          <Position>
            Module {index + 1} of {modules.length}
          </Position>
        </TopInner>
      </TopBar>
      <main id={MAIN_ID} tabIndex={-1}>
        <Theatre>
          {module.vimeoVideoId ? (
            progress.isPending ? (
              <Placeholder>
                <LoadingState label="Loading module" />
              </Placeholder>
            ) : (
              <VideoPlayer
                videoId={module.vimeoVideoId}
                hash={module.vimeoHash}
                title={module.title}
                startAt={progress.data?.position ?? 0}
                onPlayback={tracker.handle}
              />
            )
          ) : (
            <Placeholder role="status">
              <Icon name="video" size={36} />
              <strong>Video not available</strong>
            </Placeholder>
          )}
        </Theatre>

        <Container>
          <Controls aria-label="Module navigation">
            {previous ? (
              <ButtonLink to={`/courses/${course.id}/modules/${previous.id}`} variant="secondary">
                <Icon name="chevronLeft" size={18} /> Previous
              </ButtonLink>
            ) : (
              <Button variant="secondary" disabled>
                <Icon name="chevronLeft" size={18} /> Previous
              </Button>
            )}
            <Status>
              {isCompleted ? (
                <Done role="status">
                  <Icon name="checkCircle" size={22} /> Module Completed
                </Done>
              ) : (
                <Button onClick={completion.markComplete} disabled={completion.isPending || completion.movingOn}>
                  <Icon name="check" size={18} />
                  {completion.isPending ? 'Saving…' : 'Mark as Complete'}
                </Button>
              )}
            </Status>
            {next ? (
              <ButtonLink to={`/courses/${course.id}/modules/${next.id}`} variant="secondary">
                Next <Icon name="chevronRight" size={18} />
              </ButtonLink>
            ) : (
              <Button variant="secondary" disabled>
                Next <Icon name="chevronRight" size={18} />
              </Button>
            )}
          </Controls>

          <About>
            <h1>{module.title}</h1>
            <Facts>
              <span>
                Module {index + 1} of {modules.length}
              </span>
              <span aria-hidden="true">·</span>
              <span>
                <Icon name="clock" size={16} /> {formatDuration(module.duration)}
              </span>
            </Facts>
            {module.description ? <p>{module.description}</p> : null}
          </About>

          <Notice>
            <Icon name="message" size={22} />
            <p>
              <strong>Join the discussion.</strong> Share what worked in your school, or ask a question about this module. Other
              learners and our team read every comment.
            </p>
          </Notice>

          <Comments moduleId={module.id} user={user} />
        </Container>
      </main>
    </>
  );
}

const Standalone = styled.main`
  flex: 1;
  padding: ${({ theme }) => theme.space.xxl} ${({ theme }) => theme.space.md};
`;

const Centre = styled.div`
  display: flex;
  justify-content: center;
`;

const TopBar = styled.header`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.zIndex.sticky};
  background: #0f1630;
  color: #fff;
  border-bottom: 1px solid rgba(255, 255, 255, 0.08);
`;

const TopInner = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  min-height: 60px;
  padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
`;

const Close = styled(Link)`
  display: grid;
  place-items: center;
  flex: none;
  width: 44px;
  height: 44px;
  border-radius: ${({ theme }) => theme.radius.md};
  color: #fff;
  background: rgba(255, 255, 255, 0.08);

  &:hover {
    color: #fff;
    background: rgba(255, 255, 255, 0.18);
  }
`;

const Titles = styled.div`
  display: grid;
  flex: 1;
  min-width: 0;
`;

const CourseName = styled.p`
  color: #b9c3e6;
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
  color: #d5dbf0;
  font-size: ${({ theme }) => theme.fontSize.sm};

  ${media.tablet} {
    display: block;
  }
`;

const Theatre = styled.div`
  background: #0b1020;
`;

const Placeholder = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  width: min(100%, calc(72vh * 16 / 9));
  aspect-ratio: 16 / 9;
  margin: 0 auto;
  color: #d5dbf0;

  strong {
    color: #fff;
    font-size: ${({ theme }) => theme.fontSize.lg};
  }
  & > div {
    min-height: 0;
    color: #d5dbf0;
  }
`;

const Controls = styled.nav`
  display: grid;
  grid-template-columns: auto 1fr auto;
  gap: ${({ theme }) => theme.space.sm};
  align-items: center;
  padding: ${({ theme }) => theme.space.lg} 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  @media (max-width: 479px) {
    grid-template-columns: 1fr 1fr;
    & > :nth-child(2) {
      grid-column: 1 / -1;
      grid-row: 1;
    }
  }
`;

const Status = styled.div`
  display: flex;
  justify-content: center;

  button {
    width: 100%;
    max-width: 16rem;
  }
`;

const Done = styled.p`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  min-height: 44px;
  padding: 0 ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.successSoft};
  color: ${({ theme }) => theme.colors.success};
  font-weight: 600;
`;

const About = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.xl} 0 ${({ theme }) => theme.space.lg};

  h1 {
    font-size: ${({ theme }) => theme.fontSize.xxl};
  }
  & > p {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSize.lg};
    white-space: pre-line;
  }
`;

const Facts = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};

  span {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.xxs};
  }
`;

const Notice = styled.aside`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
  align-items: flex-start;
  margin-bottom: ${({ theme }) => theme.space.xl};
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.accentSoft};
  color: ${({ theme }) => theme.colors.text};

  svg {
    flex: none;
    margin-top: 2px;
    color: ${({ theme }) => theme.colors.accent};
  }
`;

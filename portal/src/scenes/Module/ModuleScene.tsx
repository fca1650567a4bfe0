import { useQueryClient } from '@tanstack/react-query';
import { failedWithNothingToShow } from '../../api/client.ts';
import { useState } from 'react';
import { useParams } from 'react-router';
import styled from 'styled-components';
import type { CourseDetailDto, ModuleDto, ProgressDto, UserDto } from '@atrium/common';
import { formatDuration } from '@atrium/common/rules/format';
import { stepPositionLabel } from '@atrium/common/rules/courseRequirements';
import { courseKey, DASHBOARD_KEY, useCourse } from '../../api/courses.ts';
import { progressKey, useModuleProgress } from '../../api/progress.ts';
import { Icon } from '../../components/Icon.tsx';
import { Container } from '../../components/Layout.tsx';
import { LoadingState } from '../../components/Loading.tsx';
import { MAIN_ID, SkipLink } from '../../components/SkipLink.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useAuth, useSignedInUser } from '../../session/AuthProvider.tsx';
import { WatchingNote } from '../../components/WatchingNote.tsx';
import { courseSteps, pendingQuiz, stepIndex } from '../../components/courseSteps.ts';
import { QuizPendingNote } from '../../components/QuizPendingNote.tsx';
import { Comments } from './Comments.tsx';
import { ModuleResources } from '../../components/resources/ResourceList.tsx';
import { ModuleNavigation } from '../../components/courseStep/ModuleNavigation.tsx';
import { ModuleTopBar } from '../../components/courseStep/ModuleTopBar.tsx';
import { ModuleUnavailable } from './ModuleUnavailable.tsx';
import { useModuleCompletion } from './useModuleCompletion.ts';
import { useWatchProgress } from './useWatchProgress.ts';
import { VideoPlayer } from './VideoPlayer.tsx';
import { CaptionedTheatre } from './useModuleCaptionView.tsx';

/** /courses/:courseId/modules/:moduleId (SPEC §2 "Module page"). */
export function ModuleScene() {
  const { courseId = '', moduleId = '' } = useParams();
  const course = useCourse(courseId);
  const { isAdmin } = useAuth();
  const user = useSignedInUser();

  if (course.isPending) return <ModuleUnavailable courseId={courseId} state={{ kind: 'loading' }} />;
  if (failedWithNothingToShow(course)) {
    return <ModuleUnavailable courseId={courseId} state={{ kind: 'error', error: course.error, retry: () => void course.refetch() }} />;
  }

  const module = course.data.modules.find((candidate) => String(candidate.id) === moduleId);
  if (!module) return <ModuleUnavailable courseId={courseId} state={{ kind: 'moduleMissing', courseTitle: course.data.title }} />;
  if (!course.data.isEnrolled && !isAdmin) {
    return <ModuleUnavailable courseId={courseId} state={{ kind: 'notEnrolled', courseTitle: course.data.title }} />;
  }
  // A fresh view per module: timers, player and progress never carry over to the next one.
  return <ModuleView key={module.id} course={course.data} module={module} user={user} />;
}

function ModuleView({ course, module, user }: { course: CourseDetailDto; module: ModuleDto; user: UserDto }) {
  usePageTitle(`${module.title} · ${course.title}`);
  const queryClient = useQueryClient();
  const progress = useModuleProgress(module.id);
  // Previous, Next and "Module X of N" walk the course's steps: its modules and quizzes (issue 36).
  const steps = courseSteps(course);
  const index = stepIndex(steps, 'video', module.id);
  const previous = index > 0 ? steps[index - 1] : undefined;
  const next = index >= 0 ? steps[index + 1] : undefined;

  const onSaved = (saved: ProgressDto) => {
    const before = queryClient.getQueryData<ProgressDto | null>(progressKey(module.id));
    queryClient.setQueryData(progressKey(module.id), saved);
    if (saved.isCompleted && !before?.isCompleted) {
      void queryClient.invalidateQueries({ queryKey: courseKey(course.id) });
      void queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY });
    }
  };

  // "Completion requires watching" (issue 36): Mark as Complete once 90 % was played.
  const requiresWatching = course.requiresWatching === true;
  const requiredSeconds = Math.ceil((9 * module.duration) / 10);
  const [playerUnavailable, setPlayerUnavailable] = useState(false);
  const tracker = useWatchProgress({
    userId: user.id,
    moduleId: module.id,
    courseId: course.id,
    duration: module.duration,
    serverWatched: progress.data?.playedSeconds ?? 0,
    target: requiresWatching ? requiredSeconds : undefined,
    onSaved,
  });
  const completion = useModuleCompletion({ courseId: course.id, module, steps, position: tracker.position, played: tracker.played });
  const isCompleted = module.isCompleted || progress.data?.isCompleted === true || completion.completed;
  const quizToPass = pendingQuiz(steps);
  const offerComplete = !requiresWatching || (tracker.reached && !playerUnavailable);

  return (
    <>
      <SkipLink />
      <ModuleTopBar courseId={course.id} courseTitle={course.title} moduleTitle={module.title} position={stepPositionLabel(steps, Math.max(index, 0))} />
      <main id={MAIN_ID} tabIndex={-1}>
        <Theatre>
          <CaptionedTheatre
            moduleId={module.id}
            moduleTitle={module.title}
            enabled={Boolean(module.vimeoVideoId)}
            video={({ overlay, onPlayer }) =>
              module.vimeoVideoId ? (
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
                    canCompleteWithout={!requiresWatching}
                    onUnavailable={setPlayerUnavailable}
                    onPlayer={onPlayer}
                  >
                    {overlay}
                  </VideoPlayer>
                )
              ) : (
                <Placeholder role="status">
                  <Icon name="video" size={36} />
                  <strong>Video not available</strong>
                </Placeholder>
              )
            }
          />
        </Theatre>

        <Container>
          <ModuleNavigation
            courseId={course.id}
            previous={previous}
            next={next}
            isCompleted={isCompleted}
            isSaving={completion.isPending}
            canComplete={!completion.isPending && !completion.movingOn}
            onComplete={completion.markComplete}
            offerComplete={offerComplete}
          />
          {requiresWatching && !isCompleted ? (
            <WatchingNote
              where="module"
              playedSeconds={progress.data?.playedSeconds ?? 0}
              duration={module.duration}
              requiredSeconds={requiredSeconds}
              playerUnavailable={playerUnavailable || !module.vimeoVideoId}
            />
          ) : null}
          {quizToPass ? <QuizPendingNote courseId={course.id} quiz={quizToPass} /> : null}

          <About>
            <h1>{module.title}</h1>
            <Facts>
              <span>{stepPositionLabel(steps, Math.max(index, 0))}</span>
              <span aria-hidden="true">·</span>
              <span>
                <Icon name="clock" size={16} /> {formatDuration(module.duration)}
              </span>
            </Facts>
            {module.description ? <p>{module.description}</p> : null}
          </About>

          <ModuleResources moduleId={module.id} />

          <Notice>
            <Icon name="message" size={22} />
            <p>
              <strong>Join the discussion.</strong> Share what worked in your school, or ask a question about this module. Other learners and our team read
              every comment.
            </p>
          </Notice>

          <Comments moduleId={module.id} user={user} />
        </Container>
      </main>
    </>
  );
}

const Theatre = styled.div`
  background: ${({ theme }) => theme.colors.inverse.stage};
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
  color: ${({ theme }) => theme.colors.inverse.textMuted};

  strong {
    color: ${({ theme }) => theme.colors.inverse.text};
    font-size: ${({ theme }) => theme.fontSize.lg};
  }
  & > div {
    min-height: 0;
    color: ${({ theme }) => theme.colors.inverse.textMuted};
  }
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

import { useState } from 'react';
import { useParams } from 'react-router';
import type { CourseDetailDto, ModuleDto, UserDto } from '@atrium/common';
import { stepPositionLabel } from '@atrium/common/rules/courseRequirements';
import { useCourse } from '../../api/courses.ts';
import { useModuleProgress, useProgressSaved } from '../../api/progress.ts';
import { readState } from '../../components/QueryState.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useAuth, useSignedInUser } from '../../session/AuthProvider.tsx';
import { courseSteps, pendingQuiz, stepIndex } from '../../components/courseSteps.ts';
import { ModuleResources } from '../../components/resources/ResourceList.tsx';
import { Comments } from './Comments.tsx';
import { useModuleCompletion } from './useModuleCompletion.ts';
import { useWatchProgress } from './useWatchProgress.ts';
import { VideoPlayer } from './VideoPlayer.tsx';
import { CaptionedTheatre } from './useModuleCaptionView.tsx';
import { ModuleView, VideoPlaceholder } from './ModuleView.tsx';

/** /courses/:courseId/modules/:moduleId: the course read, then the module's own lesson. */
export function ModuleScene() {
  const { courseId = '', moduleId = '' } = useParams();
  const course = useCourse(courseId);
  const { isAdmin } = useAuth();
  const user = useSignedInUser();

  const read = readState(course);
  if (read.state !== 'ready') return <ModuleView courseId={courseId} page={read} />;
  const module = read.data.modules.find((candidate) => String(candidate.id) === moduleId);
  if (!module) return <ModuleView courseId={courseId} page={{ state: 'ready', data: { kind: 'moduleMissing', courseTitle: read.data.title } }} />;
  if (!read.data.isEnrolled && !isAdmin)
    return <ModuleView courseId={courseId} page={{ state: 'ready', data: { kind: 'notEnrolled', courseTitle: read.data.title } }} />;
  // A fresh lesson per module: timers, player and progress never carry over to the next one.
  return <ModuleLesson key={module.id} course={read.data} module={module} user={user} />;
}

/** One module's progress, watching and completion; the player and the discussion are containers of their own. */
function ModuleLesson({ course, module, user }: { course: CourseDetailDto; module: ModuleDto; user: UserDto }) {
  usePageTitle(`${module.title} · ${course.title}`);
  const progress = useModuleProgress(module.id);
  // Previous, Next and "Module X of N" walk the course's steps: its modules and quizzes (issue 36).
  const steps = courseSteps(course);
  const index = stepIndex(steps, 'video', module.id);

  const onSaved = useProgressSaved(module.id, course.id);

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

  return (
    <ModuleView
      courseId={String(course.id)}
      page={{
        state: 'ready',
        data: {
          kind: 'lesson',
          lesson: {
            course: { id: course.id, title: course.title },
            module,
            position: stepPositionLabel(steps, Math.max(index, 0)),
            previous: index > 0 ? steps[index - 1] : undefined,
            next: index >= 0 ? steps[index + 1] : undefined,
            player: (
              <CaptionedTheatre
                moduleId={module.id}
                moduleTitle={module.title}
                enabled={Boolean(module.vimeoVideoId)}
                video={({ overlay, onPlayer }) =>
                  module.vimeoVideoId && !progress.isPending ? (
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
                  ) : (
                    <VideoPlaceholder loading={Boolean(module.vimeoVideoId)} />
                  )
                }
              />
            ),
            completion: {
              isCompleted: module.isCompleted || progress.data?.isCompleted === true || completion.completed,
              isSaving: completion.isPending,
              canComplete: !completion.isPending && !completion.movingOn,
              offerComplete: !requiresWatching || (tracker.reached && !playerUnavailable),
              onComplete: completion.markComplete,
            },
            watching: requiresWatching
              ? { playedSeconds: progress.data?.playedSeconds ?? 0, requiredSeconds, playerUnavailable: playerUnavailable || !module.vimeoVideoId }
              : null,
            quizToPass: pendingQuiz(steps),
            resources: <ModuleResources moduleId={module.id} />,
            comments: <Comments moduleId={module.id} user={user} />,
          },
        },
      }}
    />
  );
}

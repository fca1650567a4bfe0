import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { ModuleDto } from '@atrium/common';
import { formatDuration } from '@atrium/common/rules/format';
import type { CourseStepDto } from '../../components/courseSteps.ts';
import { Icon } from '../../components/Icon.tsx';
import { Container } from '../../components/Layout.tsx';
import { LoadingState } from '../../components/Loading.tsx';
import { MAIN_ID, SkipLink } from '../../components/SkipLink.tsx';
import { WatchingNote } from '../../components/WatchingNote.tsx';
import { QuizPendingNote } from '../../components/QuizPendingNote.tsx';
import { ModuleNavigation } from '../../components/courseStep/ModuleNavigation.tsx';
import { ModuleTopBar } from '../../components/courseStep/ModuleTopBar.tsx';
import type { ReadState } from '../../components/QueryState.tsx';
import { ModuleUnavailable, type ModuleUnavailableContent } from './ModuleUnavailable.tsx';

/** A module the learner may watch, with where it stands in the course and what they have done. */
export interface ModuleLesson {
  course: { id: number; title: string };
  module: ModuleDto;
  /** "Module 2 of 6" (the course's steps: modules, knowledge checks, assignments). */
  position: string;
  previous?: CourseStepDto;
  next?: CourseStepDto;
  /** The theatre: the player with its captions and transcript (CaptionedTheatre, its own container), or a `VideoPlaceholder`. */
  player: ReactNode;
  completion: {
    isCompleted: boolean;
    isSaving: boolean;
    canComplete: boolean;
    /** False while "Completion requires watching" still asks for more of the video. */
    offerComplete: boolean;
    onComplete: () => void;
  };
  /** How much of the video must still be played (courses that require watching), or null. */
  watching: { playedSeconds: number; requiredSeconds: number; playerUnavailable: boolean } | null;
  /** The knowledge check that stands between the learner and the certificate, once every other step is done. */
  quizToPass?: Extract<CourseStepDto, { kind: 'quiz' }>;
  /** The module's resources and its discussion, containers of their own. */
  resources: ReactNode;
  comments: ReactNode;
}

/** What the page shows once the course is read: the lesson, or why there is none. */
export type ModuleContent = { kind: 'lesson'; lesson: ModuleLesson } | ModuleUnavailableContent;

/** The course's read (the kit's ReadState) with what it means for this module. */
export type ModulePage = ReadState<ModuleContent>;

export interface ModuleViewProps {
  /** The course's id as the address gives it (the way back while nothing else is known). */
  courseId: string;
  page: ModulePage;
}

/** /courses/:courseId/modules/:moduleId (SPEC §2 "Module page"). */
export function ModuleView({ courseId, page }: ModuleViewProps) {
  if (page.state !== 'ready' || page.data.kind !== 'lesson') return <ModuleUnavailable courseId={courseId} page={page} />;
  const { lesson } = page.data;
  const { course, module, position, previous, next, completion, watching, quizToPass } = lesson;
  return (
    <>
      <SkipLink />
      <ModuleTopBar courseId={course.id} courseTitle={course.title} moduleTitle={module.title} position={position} />
      <main id={MAIN_ID} tabIndex={-1}>
        <Theatre>{lesson.player}</Theatre>

        <Container>
          <ModuleNavigation
            courseId={course.id}
            previous={previous}
            next={next}
            isCompleted={completion.isCompleted}
            isSaving={completion.isSaving}
            canComplete={completion.canComplete}
            onComplete={completion.onComplete}
            offerComplete={completion.offerComplete}
          />
          {watching && !completion.isCompleted ? (
            <WatchingNote
              where="module"
              playedSeconds={watching.playedSeconds}
              duration={module.duration}
              requiredSeconds={watching.requiredSeconds}
              playerUnavailable={watching.playerUnavailable}
            />
          ) : null}
          {quizToPass ? <QuizPendingNote courseId={course.id} quiz={quizToPass} /> : null}

          <About>
            <h1>{module.title}</h1>
            <Facts>
              <span>{position}</span>
              <span aria-hidden="true">·</span>
              <span>
                <Icon name="clock" size={16} /> {formatDuration(module.duration)}
              </span>
            </Facts>
            {module.description ? <p>{module.description}</p> : null}
          </About>

          {lesson.resources}

          <Notice>
            <Icon name="message" size={22} />
            <p>
              <strong>Join the discussion.</strong> Share what worked in your school, or ask a question about this module. Other learners and our team read
              every comment.
            </p>
          </Notice>

          {lesson.comments}
        </Container>
      </main>
    </>
  );
}

/** Where the video stands while its progress loads, or when the module has none. */
export function VideoPlaceholder({ loading }: { loading: boolean }) {
  return loading ? (
    <Placeholder>
      <LoadingState label="Loading module" />
    </Placeholder>
  ) : (
    <Placeholder role="status">
      <Icon name="video" size={36} />
      <strong>Video not available</strong>
    </Placeholder>
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

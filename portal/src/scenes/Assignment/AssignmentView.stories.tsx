import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { CourseDetailDto } from '@atrium/common';
import { portalTheme } from '../../../../storybook/portalDecorators.tsx';
import type { AssignmentDto, SubmissionDto, SubmissionFileDto } from '../../api/assignmentTypes.ts';
import { AssignmentView, type AssignmentWork } from './AssignmentView.tsx';

const course: CourseDetailDto = {
  id: 5,
  title: 'School videos on a phone',
  description: 'Plan, film and edit a two-minute film about your school.',
  price: 0,
  thumbnail: null,
  salesVideoId: null,
  totalModules: 2,
  totalDuration: 1500,
  totalSteps: 3,
  isEnrolled: true,
  completedModules: 1,
  completedSteps: 1,
  progressPercentage: 33,
  lastWatchedModule: null,
  passMark: 80,
  quizRequired: false,
  modules: [
    { id: 11, courseId: 5, title: 'Planning the shots', description: '', duration: 720, orderIndex: 1, isCompleted: true },
    { id: 12, courseId: 5, title: 'Editing on the phone', description: '', duration: 780, orderIndex: 2, isCompleted: false },
  ],
  steps: [
    { kind: 'video', id: 11, title: 'Planning the shots', isCompleted: true, duration: 720 },
    { kind: 'assignment', id: 60, title: 'Your storyboard and voice-over', isCompleted: false, status: 'not_started', approvalRequired: true },
    { kind: 'video', id: 12, title: 'Editing on the phone', isCompleted: false, duration: 780 },
  ],
};

// PDFs and sound: a photo's thumbnail would be read from the file route, which the story server does not have.
const file = (id: number, name: string, kind: 'pdf' | 'audio', feedback: string | null = null, earlierFeedback: string | null = null): SubmissionFileDto => ({
  id,
  originalName: name,
  kind,
  contentType: kind === 'pdf' ? 'application/pdf' : 'audio/mp4',
  size: kind === 'pdf' ? 420_000 : 2_400_000,
  url: `/api/submission-files/${id}`,
  feedback,
  earlierFeedback,
});

const round = (over: Partial<SubmissionDto>): SubmissionDto => ({
  id: 300,
  assignmentId: 60,
  courseId: 5,
  userId: 8,
  round: 1,
  status: 'submitted',
  note: 'The storyboard for our open evening film, and the voice-over recorded in the library.',
  link: null,
  files: [file(901, 'storyboard.pdf', 'pdf'), file(902, 'voice-over.m4a', 'audio')],
  createdAt: '2026-11-18T10:00:00.000Z',
  submittedAt: '2026-11-18T10:30:00.000Z',
  withdrawnAt: null,
  reviewedAt: null,
  reviewerName: null,
  feedback: null,
  ...over,
});

const assignment: AssignmentDto = {
  id: 60,
  courseId: 5,
  title: 'Your storyboard and voice-over',
  instructions:
    'Plan a two-minute film about a day at your school: six to eight shots, none showing a child’s face. Send the storyboard as a PDF and a voice-over of up to two minutes. See https://www.example.org/storyboard-template for a template.',
  accepts: ['pdf', 'audio'],
  maxFiles: 3,
  approvalRequired: true,
  limits: { image: 20_000_000, audio: 50_000_000, video: 500_000_000, pdf: 20_000_000 },
  draft: null,
  rounds: [],
  completed: false,
  managersCanSee: true,
};

const work: AssignmentWork = {
  saveDraft: fn(async () => undefined),
  removeFile: fn(async () => undefined),
  submit: fn(async () => undefined),
  submitting: false,
  withdraw: fn(),
  withdrawing: false,
  uploads: { items: [], busy: false, add: fn(), retry: fn(), cancel: fn() },
};

const meta = {
  title: 'Portal/AssignmentView',
  component: AssignmentView,
  decorators: [portalTheme],
  args: { course, assignment, work },
} satisfies Meta<typeof AssignmentView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing sent yet: the instructions, the drop zone and the note. */
export const FirstRound: Story = {};

/** A draft with one file, one upload going, one stopped and one refused. */
export const Uploading: Story = {
  args: {
    assignment: { ...assignment, draft: round({ id: 301, status: 'draft', submittedAt: null, files: [file(901, 'storyboard.pdf', 'pdf')], note: null }) },
    work: {
      ...work,
      uploads: {
        ...work.uploads,
        busy: true,
        items: [
          { key: 'a', name: 'voice-over.m4a', size: 24_000_000, sent: 9_600_000, state: 'uploading', error: null, refused: false },
          {
            key: 'b',
            name: 'voice-over-take-2.m4a',
            size: 24_000_000,
            sent: 3_000_000,
            state: 'failed',
            error: 'The upload stopped: check your connection, then try again.',
            refused: false,
          },
          {
            key: 'c',
            name: 'notes.pages',
            size: 800_000,
            sent: 800_000,
            state: 'failed',
            error: 'Files of this type cannot be sent to this assignment.',
            refused: true,
          },
        ],
      },
    },
  },
};

export const AwaitingReview: Story = { args: { assignment: { ...assignment, rounds: [round({})] } } };

/** Sent back: the feedback, a note beside the file it is about, and the new round carrying the files. */
export const ChangesRequested: Story = {
  args: {
    assignment: {
      ...assignment,
      rounds: [
        round({
          status: 'changes_requested',
          reviewedAt: '2026-11-19T14:00:00.000Z',
          reviewerName: 'Jo at Atrium',
          feedback: 'A strong plan. Shot 4 shows a pupil’s face in the mirror: swap it for a shot of hands at work.',
          files: [file(901, 'storyboard.pdf', 'pdf', 'Shot 4: the mirror shows a face.'), file(902, 'voice-over.m4a', 'audio')],
        }),
      ],
      draft: round({
        id: 302,
        round: 2,
        status: 'draft',
        submittedAt: null,
        note: null,
        files: [file(903, 'storyboard.pdf', 'pdf', null, 'Shot 4: the mirror shows a face.'), file(904, 'voice-over.m4a', 'audio')],
      }),
    },
  },
};

/** Approved, finishing the course: the certificate is ready, and round 1 is in the history. */
export const ApprovedCourseComplete: Story = {
  args: {
    course: { ...course, progressPercentage: 100, completedModules: 2, completedSteps: 3 },
    assignment: {
      ...assignment,
      completed: true,
      rounds: [
        round({
          id: 303,
          round: 2,
          status: 'approved',
          reviewedAt: '2026-11-21T09:00:00.000Z',
          reviewerName: 'Jo at Atrium',
          feedback: 'Lovely. No faces anywhere.',
        }),
        round({ status: 'changes_requested', reviewedAt: '2026-11-19T14:00:00.000Z', reviewerName: 'Jo at Atrium', feedback: 'Shot 4 shows a face.' }),
      ],
    },
  },
};

/** A link is all it asks for, and Submit is under way. */
export const LinkOnlySubmitting: Story = {
  args: {
    assignment: {
      ...assignment,
      accepts: ['link'],
      maxFiles: 0,
      approvalRequired: false,
      managersCanSee: false,
      draft: round({ id: 305, status: 'draft', files: [], note: null, link: 'https://vimeo.com/123456789', submittedAt: null }),
    },
    work: { ...work, submitting: true },
  },
};

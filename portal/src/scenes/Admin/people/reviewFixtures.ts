import type { SubmissionDto, SubmissionReviewDto } from '../../../api/assignmentTypes.ts';

// A round waiting for a review and the round before it, which a reviewer asked to change: what
// AdminReviewView's stories draw and what AdminReviewScene's tests answer from the mocked API.
// Rounds with a link and no files: a file is drawn from the server's file route (FileView), which a story has not.
export const submission: SubmissionDto = {
  id: 300,
  assignmentId: 60,
  courseId: 5,
  userId: 7,
  round: 2,
  status: 'submitted',
  note: 'Second try: I took these at the open evening, from behind the children, as the module showed.',
  link: 'https://photos.stmarys.sch.uk/albums/open-evening-2026',
  files: [],
  createdAt: '2026-11-18T10:00:00.000Z',
  submittedAt: '2026-11-19T10:00:00.000Z',
  withdrawnAt: null,
  reviewedAt: null,
  reviewerName: null,
  feedback: null,
};

export const review: SubmissionReviewDto = {
  submission,
  learner: { id: 7, name: 'Priya Shah', email: 'priya.shah@stmarys.sch.uk', school: { id: 4, name: "St Mary's Primary School" } },
  course: { id: 5, title: 'Smartphone photography for school marketing' },
  assignment: {
    id: 60,
    title: 'Send three photos from your school',
    instructions: 'Take three photos of school life in which no child can be recognised, and send them with a line on each.',
    approvalRequired: true,
  },
  earlierRounds: [
    {
      ...submission,
      id: 299,
      round: 1,
      note: 'First try.',
      createdAt: '2026-11-12T10:00:00.000Z',
      submittedAt: '2026-11-14T10:00:00.000Z',
      link: 'https://photos.stmarys.sch.uk/albums/first-try',
      status: 'changes_requested',
      feedback: 'Two faces can be recognised in the hall photo: crop them out, or take it from behind.',
      reviewedAt: '2026-11-16T12:00:00.000Z',
      reviewerName: 'Ada Admin',
    },
  ],
};

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SchoolDeadlinesDto, TrainingStatusRowDto } from '@atrium/common';
import { learner, mockApi, ok, publicConfig } from '../../test/api.ts';
import { renderScene } from '../../test/render.tsx';
import { TrainingStatusList } from './TrainingStatusList.tsx';

const row = (over: Partial<TrainingStatusRowDto>): TrainingStatusRowDto => ({
  userId: 21,
  name: 'Mark Marsh',
  email: 'mark@oak.sch.uk',
  courseId: 11,
  courseTitle: 'Safeguarding Basics',
  status: 'completed',
  dueOn: null,
  completedAt: '2026-03-01T09:00:00.000Z',
  certificateNumber: 'ATR-1',
  expiresOn: null,
  watching: { playedSeconds: 120, durationSeconds: 600, completedWithoutPlaying: 1 },
  ...over,
});
const deadlines: SchoolDeadlinesDto = {
  trustName: null,
  courses: [],
  counts: { not_started: 0, in_progress: 0, due_soon: 0, overdue: 0, completed: 2, renewal_due: 0 },
  invited: 0,
};

describe('the manager’s training status list: what was played', () => {
  it('shows each member’s minutes played and flags a course completed without playing, with the rule as a legend', async () => {
    mockApi({
      'GET /api/user': ok(learner),
      'GET /api/config': ok(publicConfig),
      'GET /api/schools/4/training-status': ok([
        row({}),
        row({ userId: 22, name: 'Nia North', email: 'nia@oak.sch.uk', watching: { playedSeconds: 570, durationSeconds: 600, completedWithoutPlaying: 0 } }),
      ]),
    });
    renderScene(<TrainingStatusList root="/api/schools/4" managedSchoolId={4} deadlines={deadlines} />, { route: '/school', path: '/school' });
    const [mark, nia] = await screen.findAllByRole('listitem');
    expect(mark).toHaveTextContent('watched 2 of 10 min');
    expect(within(mark!).getByText(/1 module completed without playing/)).toBeInTheDocument();
    expect(nia).toHaveTextContent('watched 9 of 10 min');
    expect(nia).not.toHaveTextContent(/without playing/);
    expect(screen.getByText(/marked complete with less than 90% of its video played/)).toBeInTheDocument();
  });
});

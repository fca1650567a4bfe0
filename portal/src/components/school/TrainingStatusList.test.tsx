import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
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

describe('the manager’s training status list: the final quiz (issue 36)', () => {
  it('shows the best score and whether it passed for a course with a quiz, a dash before any attempt, and nothing for a course without one', async () => {
    mockApi({
      'GET /api/user': ok(learner),
      'GET /api/config': ok(publicConfig),
      'GET /api/schools/4/training-status': ok([
        row({ finalQuiz: { bestScore: 92, passed: true, passMark: 80 } }),
        row({ userId: 22, name: 'Nia North', email: 'nia@oak.sch.uk', finalQuiz: { bestScore: 60, passed: false, passMark: 80 } }),
        row({ userId: 23, name: 'Ola Ode', email: 'ola@oak.sch.uk', finalQuiz: { bestScore: null, passed: false, passMark: 80 } }),
        row({ userId: 24, name: 'Pat Pine', email: 'pat@oak.sch.uk' }),
      ]),
    });
    renderScene(<TrainingStatusList root="/api/schools/4" managedSchoolId={4} deadlines={deadlines} />, { route: '/school', path: '/school' });
    const [mark, nia, ola, pat] = await screen.findAllByRole('listitem');
    expect(mark).toHaveTextContent('Final quiz: best score 92% Passed');
    expect(nia).toHaveTextContent('Final quiz: best score 60% Not passed (pass mark 80%)');
    expect(ola).toHaveTextContent('Final quiz: — (not attempted)');
    expect(pat).not.toHaveTextContent(/quiz/i);
  });
});

describe('the manager’s training status list: counts follow the group filter', () => {
  it('shows the chosen group’s counts beside its list, and the school’s again for everyone', async () => {
    const { fetchMock } = mockApi({
      'GET /api/user': ok(learner),
      'GET /api/config': ok(publicConfig),
      'GET /api/schools/4/groups': ok({
        groups: [{ id: 7, name: 'Office', owner: 'school', editable: true, members: [], courses: [] }],
        courses: [],
      }),
      'GET /api/schools/4/training-status': ok([row({})]),
      'GET /api/schools/4/training-status/counts': ok({ counts: { not_started: 0, in_progress: 0, due_soon: 0, overdue: 1, completed: 1, renewal_due: 0 } }),
    });
    const user = userEvent.setup();
    renderScene(<TrainingStatusList root="/api/schools/4" managedSchoolId={4} deadlines={deadlines} />, { route: '/school', path: '/school' });
    const chips = await screen.findByRole('group', { name: 'Filter by status' });
    const chip = (name: string) => within(chips).getByRole('button', { name: new RegExp(`^${name}`) });
    expect(chip('All')).toHaveTextContent('All2');
    expect(chip('Overdue')).toHaveTextContent('Overdue0');
    await user.selectOptions(await screen.findByLabelText('Group'), 'Office');
    await vi.waitFor(() => expect(chip('Overdue')).toHaveTextContent('Overdue1'));
    expect(chip('Completed')).toHaveTextContent('Completed1');
    const countsCall = fetchMock.mock.calls.map(([input]) => String(input)).find((url) => url.includes('/training-status/counts'));
    expect(countsCall).toContain('groupId=7');
    await user.selectOptions(screen.getByLabelText('Group'), 'Everyone');
    await vi.waitFor(() => expect(chip('Overdue')).toHaveTextContent('Overdue0'));
    expect(chip('Completed')).toHaveTextContent('Completed2');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CourseDeadlineDto, SchoolDeadlinesDto } from '@atrium/common';
import { learner, mockApi, ok, publicConfig } from '../../test/api.ts';
import { renderScene } from '../../test/render.tsx';
import { SchoolDeadlines } from './SchoolDeadlines.tsx';

const counts = { not_started: 2, in_progress: 0, due_soon: 0, overdue: 0, completed: 0, renewal_due: 0 };
const course = (over: Partial<CourseDeadlineDto> = {}): CourseDeadlineDto => ({
  courseId: 11,
  title: 'Safeguarding Basics',
  completeBy: null,
  newStaffDays: null,
  validityMonths: null,
  trust: { completeBy: '2099-03-31', newStaffDays: 30 },
  ...over,
});
const answer = (courses: CourseDeadlineDto[]): SchoolDeadlinesDto => ({ trustName: 'Greenway Trust', courses, counts, invited: 0 });

function school(courses: CourseDeadlineDto[]) {
  return mockApi({
    'GET /api/user': ok(learner),
    'GET /api/config': ok(publicConfig),
    'GET /api/schools/4/deadlines': ok(answer(courses)),
    'GET /api/schools/4/training-status': ok([]),
    'PUT /api/schools/4/deadlines/11': ({ body }) => ok(answer([course({ ...(body as object) })])),
  });
}

describe('a school in a trust sets its deadlines', () => {
  it("shows the trust's date beside the school's own and refuses a later date before asking the server", async () => {
    const api = school([course()]);
    renderScene(<SchoolDeadlines root="/api/schools/4" managedSchoolId={4} />);
    expect(
      await screen.findByText(/Set by Greenway Trust: 31 March 2099 · new staff: 30 days from joining; you may set an earlier date\./),
    ).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Deadline for Safeguarding Basics' });
    const date = within(form).getByLabelText('Complete by');
    expect(date).toHaveAttribute('max', '2099-03-31');
    await userEvent.type(date, '2099-04-10');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(/Choose 31 March 2099 or an earlier date: Greenway Trust requires the course by then/)).toBeInTheDocument();
    const days = within(form).getByLabelText(/New staff: days from joining/);
    await userEvent.type(days, '45');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(/Choose 30 days or fewer: Greenway Trust gives new staff 30/)).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/schools/4/deadlines/11')).toHaveLength(0);

    await userEvent.clear(date);
    await userEvent.type(date, '2099-03-20');
    await userEvent.clear(days);
    await userEvent.type(days, '14');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.callsTo('PUT', '/api/schools/4/deadlines/11')).toEqual([expect.objectContaining({ body: { completeBy: '2099-03-20', newStaffDays: 14 } })]),
    );
  });

  it("says when the school's own later date does not apply because the trust's is earlier", async () => {
    school([course({ completeBy: '2099-04-30' })]);
    renderScene(<SchoolDeadlines root="/api/schools/4" managedSchoolId={4} />);
    expect(await screen.findByText(/Your own date, 30 April 2099, was set before the trust's and does not apply: the earlier one does\./)).toBeInTheDocument();
  });

  it('lets a school outside any trust set any date', async () => {
    mockApi({
      'GET /api/user': ok(learner),
      'GET /api/config': ok(publicConfig),
      'GET /api/schools/4/deadlines': ok({ ...answer([course({ trust: null })]), trustName: null }),
      'GET /api/schools/4/training-status': ok([]),
    });
    renderScene(<SchoolDeadlines root="/api/schools/4" managedSchoolId={4} />);
    const form = await screen.findByRole('form', { name: 'Deadline for Safeguarding Basics' });
    expect(within(form).getByLabelText('Complete by')).not.toHaveAttribute('max');
    expect(screen.queryByText(/Set by/)).not.toBeInTheDocument();
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WeeklyInsightsDto } from '@atrium/common';
import { admin, mockApi, ok, publicConfig } from '../../../test/api.ts';
import { renderScene } from '../../../test/render.tsx';
import { AdminInsightsScene } from './AdminInsightsScene.tsx';
import { courseInsights, courses, retention, schools, weekly } from './insightsFixtures.ts';

function setup(weeklyAnswer: WeeklyInsightsDto = weekly, extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/user': ok(admin),
    'GET /api/config': ok(publicConfig),
    'GET /api/courses': ok(courses),
    'GET /api/admin/schools': ok(schools),
    'GET /api/admin/insights/weekly': ok(weeklyAnswer),
    'GET /api/admin/insights/courses/1': ok(courseInsights(1, 'Safeguarding')),
    'GET /api/admin/insights/courses/2': ok({
      ...courseInsights(2, 'First Aid'),
      funnel: { steps: 5, enrolled: 0, started: 0, halfWay: 0, completed: 0, certified: 0 },
      steps: courseInsights(2, 'First Aid').steps.map((step) => ({ ...step, completed: 0, rate: 0 })),
    }),
    'GET /api/admin/insights/modules/11/retention': ok(retention),
    'GET /api/admin/insights/modules/12/retention': ok({
      ...retention,
      module: { ...retention.module, id: 12, title: 'The hard part' },
      viewers: 0,
      averagePosition: null,
    }),
    ...extra,
  });
}

/** The text of the CSV the chart's download button hands to the browser. */
async function downloadedCsv(button: HTMLElement): Promise<string> {
  let blob: Blob | null = null;
  const create = vi.fn((value: Blob) => {
    blob = value;
    return 'blob:csv';
  });
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: create, revokeObjectURL: vi.fn() }));
  fireEvent.click(button);
  expect(create).toHaveBeenCalled();
  return (blob as unknown as Blob).text();
}

afterEach(() => vi.unstubAllGlobals());

describe('AdminInsightsScene', () => {
  it('draws the weekly figures, revenue per currency, the funnel, module completion and retention, each with a table of the same numbers', async () => {
    setup();
    renderScene(<AdminInsightsScene />);
    expect(await screen.findByText('8 enrollments, 3 completions, 2 certificates in all.', { exact: false })).toBeInTheDocument();
    // One revenue chart per currency, never added together.
    expect(screen.getByRole('heading', { name: 'Revenue per week (GBP)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Revenue per week (USD)' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Enrollments, completions and certificates per week' })).toBeInTheDocument();

    const weeklyFigure = screen.getByRole('heading', { name: 'Enrollments, completions and certificates per week' }).closest('section')!;
    fireEvent.click(within(weeklyFigure).getByRole('button', { name: 'Table' }));
    const rows = within(weeklyFigure)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows.slice(1)).toEqual([
      ['5 Jan 2026', '3', '0', '0'],
      ['12 Jan 2026', '5', '2', '1'],
      ['19 Jan 2026', '0', '1', '1'],
    ]);
    const csv = await downloadedCsv(within(weeklyFigure).getByRole('button', { name: /Download .* as CSV/ }));
    expect(csv).toBe('Week starting,Enrollments,Completions,Certificates\r\n2026-01-05,3,0,0\r\n2026-01-12,5,2,1\r\n2026-01-19,0,1,1\r\n');

    const gbp = screen.getByRole('heading', { name: 'Revenue per week (GBP)' }).closest('section')!;
    expect(await downloadedCsv(within(gbp).getByRole('button', { name: /CSV/ }))).toBe(
      'Week starting,Currency,Amount\r\n2026-01-05,GBP,0\r\n2026-01-12,GBP,499\r\n2026-01-19,GBP,10.5\r\n',
    );

    expect(await screen.findByRole('list', { name: 'Funnel of Safeguarding' })).toHaveTextContent('Certificate1 · 10 %');
    // The steepest drop (80 % → 30 %) is called out.
    expect(screen.getByText(/The steepest drop is at step 2, The hard part/)).toBeInTheDocument();
    const funnel = screen.getByRole('heading', { name: 'Funnel' }).closest('section')!;
    expect(await downloadedCsv(within(funnel).getByRole('button', { name: /CSV/ }))).toBe(
      'Stage,Learners,Of enrolled (%)\r\nEnrolled,10,100\r\nStarted,8,80\r\nHalf way,6,60\r\nCompleted,1,10\r\nCertificate,1,10\r\n',
    );
    // Knowledge checks and assignments are steps too, in course order, counted by who passed or completed them.
    const steps = screen.getByRole('heading', { name: 'Completion per step' }).closest('section')!;
    expect(within(steps).getByRole('list', { name: 'Completion per step of Safeguarding' })).toHaveTextContent(
      '3. Knowledge check: Check your understanding2 · 20 %',
    );
    expect(await downloadedCsv(within(steps).getByRole('button', { name: /CSV/ }))).toBe(
      'Step,Kind,Title,Completed or passed by,Completion rate (%)\r\n1,Video,Welcome,8,80\r\n2,Video,The hard part,3,30\r\n3,Knowledge check,Check your understanding,2,20\r\n4,Video,Wrapping up,3,30\r\n5,Assignment,Your school photos,1,10\r\n',
    );
    // Only videos have a retention curve; they keep their step numbers.
    expect(
      within(screen.getByLabelText('Module'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['1. Welcome', '2. The hard part', '4. Wrapping up']);

    expect(await screen.findByRole('img', { name: 'Retention curve of Welcome' })).toBeInTheDocument();
    expect(screen.getByText(/Of 4 learners who started the 0:25 video.*Average watch position 0:13\./)).toBeInTheDocument();
    const curve = screen.getByRole('heading', { name: 'Retention: Welcome' }).closest('section')!;
    expect(await downloadedCsv(within(curve).getByRole('button', { name: /CSV/ }))).toBe(
      'From,To,Learners who watched it,Of those who started (%)\r\n0:00,0:10,4,100\r\n0:10,0:20,3,75\r\n0:20,0:25,1,25\r\n',
    );
  });

  it('reads again for another course, range and module, and says plainly when there is nothing to draw', async () => {
    const api = setup({ ...weekly, weeks: weekly.weeks.map((week) => ({ ...week, enrollments: 0, completions: 0, certificates: 0 })), revenue: [] });
    renderScene(<AdminInsightsScene />);
    expect(await screen.findByText(/Nothing in this range yet/)).toBeInTheDocument();
    expect(screen.getByText('No revenue in this range.')).toBeInTheDocument();

    fireEvent.change(await screen.findByLabelText('Course'), { target: { value: '2' } });
    expect(await screen.findByRole('heading', { name: 'Course: First Aid' })).toBeInTheDocument();
    // Nobody enrolled: both course charts say so, and no module is called the steepest drop.
    expect(await screen.findAllByText('Nobody enrolled in this course in this range.')).toHaveLength(2);
    expect(screen.queryByText(/steepest drop/)).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-01' } });
    await waitFor(() =>
      expect(api.fetchMock.mock.calls.map(([url]) => String(url))).toContainEqual(
        expect.stringContaining('/api/admin/insights/weekly?from=2026-01-01&courseId=2'),
      ),
    );
    expect(api.fetchMock.mock.calls.map(([url]) => String(url))).toContainEqual(expect.stringContaining('/api/admin/insights/courses/2?from=2026-01-01'));

    fireEvent.change(await screen.findByLabelText('Module'), { target: { value: '12' } });
    expect(await screen.findByText('Nobody has watched this video since the retention curve started counting.')).toBeInTheDocument();
    // No "Of 0 learners": the summary says what the curve would show.
    expect(screen.getByText(/^The share of the learners who start the .* video who watch each 10 seconds of it\./)).toBeInTheDocument();
    expect(screen.queryByText(/Of 0 learners/)).not.toBeInTheDocument();
  });
});

describe('AdminInsightsScene: saying what the figures are (issue 53 item 11)', () => {
  it('says when the figures were brought up to date, and brings them up to date on request', async () => {
    const fourteenMinutesAgo = new Date(Date.now() - 14 * 60_000).toISOString();
    let runs = 0;
    const api = setup(
      { ...weekly, updatedAt: fourteenMinutesAgo },
      {
        'POST /api/admin/scheduler/insights-rollup/run': () => {
          runs += 1;
          return ok({ name: 'insights-rollup', sent: 12 });
        },
      },
    );
    renderScene(<AdminInsightsScene />);
    expect(await screen.findByText('Updated 14 minutes ago: payments and enrollments since then are counted at the next hourly update.')).toBeInTheDocument();
    const before = api.callsTo('GET', '/api/admin/insights/weekly').length;
    fireEvent.click(screen.getByRole('button', { name: 'Update now' }));
    await waitFor(() => expect(runs).toBe(1));
    await waitFor(() => expect(api.callsTo('GET', '/api/admin/insights/weekly').length).toBeGreaterThan(before));
  });

  it('says so when the figures have never been brought up to date, and when nothing updates them by itself', async () => {
    setup({ ...weekly, updatedAt: null });
    renderScene(<AdminInsightsScene />);
    expect(await screen.findByText('Not brought up to date yet: the figures are filled in when the hourly update first runs.')).toBeInTheDocument();
  });

  it('does not promise an hourly update on a server that runs no scheduled jobs', async () => {
    setup({ ...weekly, updatedAt: null }, { 'GET /api/admin/scheduler': ok({ enabled: false, intervalSeconds: 60, jobs: [] }) });
    renderScene(<AdminInsightsScene />);
    expect(await screen.findByText(/the hourly update is off on this server \(REMINDERS_ENABLED=false\)/)).toBeInTheDocument();
  });

  it('puts each count’s noun in the right number: "1 enrollment", never "1 enrollments"', async () => {
    setup({ ...weekly, weeks: [{ week: '2026-01-05', enrollments: 1, completions: 0, certificates: 1 }] });
    renderScene(<AdminInsightsScene />);
    expect(await screen.findByText('1 week from 5 January 2026 to 25 January 2026: 1 enrollment, 0 completions, 1 certificate in all.')).toBeInTheDocument();
  });

  it('names the weekly CSV after the course filter when one is set', async () => {
    setup();
    renderScene(<AdminInsightsScene />);
    await screen.findByText(/8 enrollments/);
    fireEvent.change(await screen.findByLabelText('Course'), { target: { value: '2' } });
    await screen.findByRole('heading', { name: 'Course: First Aid' });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv'), revokeObjectURL: vi.fn() }));
    const weeklyFigure = (await screen.findByRole('heading', { name: 'Enrollments, completions and certificates per week' })).closest('section')!;
    fireEvent.click(within(weeklyFigure).getByRole('button', { name: /Download .* as CSV/ }));
    const gbp = screen.getByRole('heading', { name: 'Revenue per week (GBP)' }).closest('section')!;
    fireEvent.click(within(gbp).getByRole('button', { name: /CSV/ }));
    expect(names).toEqual(['weekly-course-2-2026-01-05-2026-01-25.csv', 'revenue-course-2-2026-01-05-2026-01-25-gbp.csv']);
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SchedulerJobDto, SchedulerStatusDto } from '@atrium/common';
import { admin, fail, mockApi, ok, publicConfig } from '../../../test/api.ts';
import { renderScene } from '../../../test/render.tsx';
import { SchedulerPanel } from './SchedulerPanel.tsx';

const job = (name: string, lastSent: number): SchedulerJobDto => ({
  name,
  nextRunAt: '2026-05-13T10:00:00.000Z',
  lastStartedAt: '2026-05-13T09:00:00.000Z',
  lastFinishedAt: '2026-05-13T09:00:01.000Z',
  lastSuccessAt: '2026-05-13T09:00:01.000Z',
  failures: 0,
  totalFailures: 0,
  lastError: null,
  lastSent,
  running: false,
});

describe('SchedulerPanel', () => {
  it('runs a job now, says what it sent beside the job, and reads the panel again', async () => {
    let status: SchedulerStatusDto = { enabled: true, intervalSeconds: 60, jobs: [job('deadline-reminders', 0), job('school-digest', 0)] };
    let reads = 0;
    const api = mockApi({
      'GET /api/user': ok(admin),
      'GET /api/config': ok(publicConfig),
      'GET /api/admin/scheduler': () => {
        reads += 1;
        return ok(status);
      },
      'POST /api/admin/scheduler/deadline-reminders/run': () => {
        status = { ...status, jobs: [job('deadline-reminders', 3), job('school-digest', 0)] };
        return ok({ name: 'deadline-reminders', sent: 3 });
      },
      'POST /api/admin/scheduler/school-digest/run': fail(409, 'school-digest is running on another instance right now (its lease runs until 09:04 UTC).'),
    });
    renderScene(<SchedulerPanel />);
    fireEvent.click(await screen.findByRole('button', { name: 'Run Deadline and expiry reminders now' }));
    const reminders = screen.getByText('Deadline and expiry reminders').closest('li')!;
    expect(await within(reminders).findByRole('status')).toHaveTextContent('Ran just now: 3 e-mails queued.');
    await waitFor(() => expect(within(reminders).getByText(/last success .*: 3 e-mails queued/)).toBeInTheDocument());
    expect(reads).toBe(2);
    expect(api.callsTo('POST', '/api/admin/scheduler/deadline-reminders/run')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: "Run Managers' weekly digest now" }));
    const digest = screen.getByText("Managers' weekly digest").closest('li')!;
    expect(await within(digest).findByRole('alert')).toHaveTextContent('Not run: school-digest is running on another instance right now');
    expect(within(reminders).queryByRole('alert')).toBeNull();
  });

  it('says what the jobs that send no mail did, instead of e-mails (issue 53: the rollup rewrites figures)', async () => {
    mockApi({
      'GET /api/user': ok(admin),
      'GET /api/config': ok(publicConfig),
      'GET /api/admin/scheduler': ok({
        enabled: true,
        intervalSeconds: 60,
        jobs: [job('insights-rollup', 17), job('upload-cleanup', 1), job('outbox-prune', 40), job('record-link-prune', 3), job('retention-fold', 2)],
      }),
    });
    renderScene(<SchedulerPanel />);
    const rollup = (await screen.findByText('Insights weekly rollup')).closest('li')!;
    expect(rollup).toHaveTextContent('Insights figures brought up to date (17 rows rewritten)');
    expect(rollup).not.toHaveTextContent(/e-mail|week rows/);
    expect(screen.getByText('Unfinished uploads clean-up').closest('li')!).toHaveTextContent('1 unfinished upload removed');
    expect(screen.getByText('Delivered e-mail clean-up').closest('li')!).toHaveTextContent('40 delivered e-mails over 30 days old removed');
    expect(screen.getByText('Stopped CPD record links clean-up').closest('li')!).toHaveTextContent('3 CPD record links stopped over 30 days ago removed');
    expect(screen.getByText('Retention counters').closest('li')!).toHaveTextContent('2 played-time notes added to the retention curves');
  });
});

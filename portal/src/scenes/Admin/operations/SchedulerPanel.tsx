import { formatDateTime } from '@atrium/common/rules/dates';
import styled from 'styled-components';
import type { SchedulerJobDto } from '@atrium/common';
import { counted } from '@atrium/common/rules/format';
import { useRunSchedulerJob, useSchedulerStatus } from '../../../api/deadlines.ts';
import { errorText } from '../../../api/client.ts';
import { Badge } from '../../../components/Badge.tsx';
import { Button } from '../../../components/Button.tsx';
import { EmptyText, Muted, Panel, PanelHeader, PanelLead, ProblemText, RowList } from '../../../components/Panel.ts';
import { QueryState } from '../../../components/QueryState.tsx';

const JOB_NAMES: Record<string, string> = {
  'deadline-reminders': 'Deadline and expiry reminders',
  'school-digest': "Managers' weekly digest",
  'insights-rollup': 'Insights weekly rollup',
  'upload-cleanup': 'Unfinished uploads clean-up',
  'outbox-prune': 'Delivered e-mail clean-up',
  'record-link-prune': 'Stopped CPD record links clean-up',
  'directory-log-prune': 'Directory sync log clean-up',
  'retention-fold': 'Retention counters',
  'sso-certificate-warnings': 'School sign-in certificate warnings',
  'discussion-replies': 'Discussion reply e-mails',
  'moderation-digest': "Admins' daily discussion digest",
};

/**
 * What a run did, from its count (`sent`): mail queued by the reminders; the rollup rewrites the
 * Insights figures (its weekly, revenue and resume-point rows: it sends nothing, issue 53 item 11);
 * the clean-ups remove unfinished uploads, delivered mail and stopped record links over 30 days old; the fold takes in
 * what learners played.
 */
const JOB_DID: Record<string, (count: number) => string> = {
  'insights-rollup': (count) => `Insights figures brought up to date (${counted(count, 'row')} rewritten)`,
  'upload-cleanup': (count) => `${counted(count, 'unfinished upload')} removed`,
  'outbox-prune': (count) => `${counted(count, 'delivered e-mail')} over 30 days old removed`,
  'record-link-prune': (count) => `${counted(count, 'CPD record link')} stopped over 30 days ago removed`,
  'directory-log-prune': (count) => `${counted(count, 'directory log line')} over 400 days old removed`,
  'retention-fold': (count) => `${counted(count, 'played-time note')} added to the retention curves`,
};
const did = (jobName: string, count: number) => (JOB_DID[jobName] ?? ((sent: number) => `${counted(sent, 'e-mail')} queued`))(count);

const at = (iso: string | null) => (iso ? formatDateTime(iso) : 'never');

/** The scheduled jobs: last run, next run, failures; a failing job shows its last error. */
export function SchedulerPanel() {
  const status = useSchedulerStatus();
  return (
    <Panel aria-labelledby="scheduler-title">
      <PanelHeader>
        <h2 id="scheduler-title">Reminders and scheduled jobs</h2>
        <Button size="sm" variant="ghost" onClick={() => void status.refetch()} disabled={status.isFetching}>
          {status.isFetching ? 'Refreshing…' : 'Refresh'}
        </Button>
      </PanelHeader>
      <QueryState read={status} size="panel" loading="Loading the jobs" failed="The jobs could not be loaded.">
        {(data) => (
          <>
            <PanelLead>
              {data.enabled
                ? `Every instance looks for due jobs every ${data.intervalSeconds} seconds; one runs each job at a time.`
                : 'Reminders are turned off on this server (REMINDERS_ENABLED=false): no reminder or digest is sent.'}
            </PanelLead>
            {data.jobs.length === 0 ? (
              <EmptyText>No job has run yet.</EmptyText>
            ) : (
              <RowList>
                {data.jobs.map((job) => (
                  <JobRow key={job.name} job={job} />
                ))}
              </RowList>
            )}
          </>
        )}
      </QueryState>
    </Panel>
  );
}

function JobRow({ job }: { job: SchedulerJobDto }) {
  const run = useRunSchedulerJob();
  const title = JOB_NAMES[job.name] ?? job.name;
  return (
    <Row>
      <Heading>
        <strong>{title}</strong>{' '}
        {job.running ? (
          <Badge $tone="accent">Running</Badge>
        ) : job.failures > 0 ? (
          <Badge $tone="danger">Failing ({job.failures} in a row)</Badge>
        ) : (
          <Badge $tone="success">OK</Badge>
        )}
        <RunButton size="sm" variant="secondary" onClick={() => run.mutate(job.name)} disabled={run.isPending || job.running} aria-label={`Run ${title} now`}>
          {run.isPending ? 'Running…' : 'Run now'}
        </RunButton>
      </Heading>
      <Muted>
        Last run {at(job.lastFinishedAt)} · next run {at(job.nextRunAt)} · last success {at(job.lastSuccessAt)}
        {job.lastSuccessAt ? `: ${did(job.name, job.lastSent)}` : ''} · {counted(job.totalFailures, 'failure')} in all
      </Muted>
      {job.lastError ? <ProblemText>Last error: {job.lastError}</ProblemText> : null}
      {/* What this admin's own "Run now" did, beside the job it ran. */}
      {run.isSuccess ? <RunResult role="status">Ran just now: {did(job.name, run.data.sent)}.</RunResult> : null}
      {run.error ? <ProblemText role="alert">Not run: {errorText(run.error, 'please try again')}</ProblemText> : null}
    </Row>
  );
}

const Heading = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
`;

/* Pushed to the row's end, where each job's own action sits. */
const RunButton = styled(Button)`
  margin-left: auto;
`;

const RunResult = styled.p`
  color: ${({ theme }) => theme.colors.success};
  font-weight: 500;
`;

const Row = styled.li`
  display: grid;
  gap: ${({ theme }) => theme.space.xxs};
  padding: ${({ theme }) => theme.space.sm} 0;
  overflow-wrap: anywhere;
`;

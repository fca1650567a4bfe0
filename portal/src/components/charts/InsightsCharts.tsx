import type { CourseInsightsDto, RetentionDto, WeeklyInsightsDto } from '@atrium/common';
import { formatCalendarDate } from '@atrium/common/rules/dates';
import { counted } from '@atrium/common/rules/format';
import { useTheme } from 'styled-components';
import { BarList } from './BarList.tsx';
import { ChartFigure } from './ChartFigure.tsx';
import type { DataColumn } from './csv.ts';
import { LineChart } from './LineChart.tsx';
import {
  biggestDrop,
  clock,
  funnelRows,
  stepRows,
  retentionRows,
  revenueRows,
  weekLabel,
  weekStarting,
  weeklyRows,
  type FunnelRow,
  type StepRow,
  type RetentionRow,
  type RevenueRow,
  type WeekRow,
} from './insightsRows.ts';

const count = new Intl.NumberFormat('en-GB');
const pct = (value: unknown) => `${Number(value).toLocaleString('en-GB', { maximumFractionDigits: 1 })} %`;
const num = (value: unknown) => count.format(Number(value));

const WEEK_COLUMNS: Array<DataColumn<WeekRow>> = [
  { key: 'week', label: 'Week starting', format: (value) => weekStarting(String(value)) },
  { key: 'enrollments', label: 'Enrollments', format: num },
  { key: 'completions', label: 'Completions', format: num },
  { key: 'certificates', label: 'Certificates', format: num },
];

/** Weekly enrollments, completions and certificates (`only` narrows it to some of them, e.g. a school's completions). */
export function WeeklyChart({
  dto,
  only,
  filename,
}: {
  dto: WeeklyInsightsDto;
  only?: ReadonlyArray<'enrollments' | 'completions' | 'certificates'>;
  filename: string;
}) {
  const theme = useTheme();
  const rows = weeklyRows(dto);
  const all = [
    { key: 'enrollments' as const, name: 'Enrollments', one: 'enrollment', color: theme.colors.accent },
    { key: 'completions' as const, name: 'Completions', one: 'completion', color: theme.colors.success },
    { key: 'certificates' as const, name: 'Certificates', one: 'certificate', color: theme.colors.warning },
  ].filter((series) => !only || only.includes(series.key));
  const columns = WEEK_COLUMNS.filter((column) => column.key === 'week' || all.some((series) => series.key === column.key));
  const totals = all.map((series) =>
    counted(
      rows.reduce((sum, row) => sum + row[series.key], 0),
      series.one,
    ),
  );
  const title = all.length === 1 ? `${all[0]!.name} per week` : 'Enrollments, completions and certificates per week';
  return (
    <ChartFigure
      title={title}
      summary={`${counted(rows.length, 'week')} from ${formatCalendarDate(dto.range.from)} to ${formatCalendarDate(dto.range.to)}: ${totals.join(', ')} in all.`}
      columns={columns}
      rows={rows}
      filename={filename}
      empty={
        rows.every((row) => all.every((series) => row[series.key] === 0))
          ? 'Nothing in this range yet. The weekly figures are brought up to date every hour.'
          : null
      }
    >
      <LineChart
        label={title}
        xLabels={rows.map((row) => weekLabel(row.week))}
        series={all.map((series) => ({ name: series.name, color: series.color, values: rows.map((row) => row[series.key]) }))}
        counts
      />
    </ChartFigure>
  );
}

const REVENUE_COLUMNS: Array<DataColumn<RevenueRow>> = [
  { key: 'week', label: 'Week starting', format: (value) => weekStarting(String(value)) },
  { key: 'currency', label: 'Currency' },
  { key: 'amount', label: 'Amount', format: (value, row) => Number(value).toLocaleString('en-GB', { style: 'currency', currency: row.currency }) },
];

/** Revenue per week, one chart per currency: amounts in different currencies are never added up. */
export function RevenueCharts({ dto, filename }: { dto: WeeklyInsightsDto; filename: string }) {
  const theme = useTheme();
  const perCurrency = revenueRows(dto);
  if (perCurrency.length === 0) {
    return (
      <ChartFigure
        title="Revenue per week"
        summary="No payments or paid invoices in this range."
        columns={REVENUE_COLUMNS}
        rows={[]}
        filename={filename}
        empty="No revenue in this range."
      >
        {null}
      </ChartFigure>
    );
  }
  return (
    <>
      {perCurrency.map(({ currency, rows }) => {
        const money = (value: number) => value.toLocaleString('en-GB', { style: 'currency', currency, maximumFractionDigits: 0 });
        const total = rows.reduce((sum, row) => sum + row.amount, 0);
        return (
          <ChartFigure
            key={currency}
            title={`Revenue per week (${currency})`}
            summary={`${money(total)} over ${counted(rows.length, 'week')}, card payments less refunds and paid invoices net of VAT.`}
            columns={REVENUE_COLUMNS}
            rows={rows}
            filename={`${filename}-${currency.toLowerCase()}`}
          >
            <LineChart
              label={`Revenue per week in ${currency}`}
              xLabels={rows.map((row) => weekLabel(row.week))}
              series={[{ name: currency, color: theme.colors.accent, values: rows.map((row) => row.amount) }]}
              yFormat={money}
            />
          </ChartFigure>
        );
      })}
    </>
  );
}

const FUNNEL_COLUMNS: Array<DataColumn<FunnelRow>> = [
  { key: 'stage', label: 'Stage' },
  { key: 'learners', label: 'Learners', format: num },
  { key: 'ofEnrolled', label: 'Of enrolled (%)', format: pct },
];

export function FunnelChart({ dto, filename }: { dto: CourseInsightsDto; filename: string }) {
  const rows = funnelRows(dto);
  return (
    <ChartFigure
      title="Funnel"
      summary={`${dto.course.title}: ${rows.map((row) => `${row.stage.toLowerCase()} ${num(row.learners)}`).join(', ')} (learners who enrolled from ${formatCalendarDate(dto.range.from)} to ${formatCalendarDate(dto.range.to)}; half way is at least half of ${counted(dto.funnel.steps, 'step')}).`}
      columns={FUNNEL_COLUMNS}
      rows={rows}
      filename={filename}
      empty={dto.funnel.enrolled === 0 ? 'Nobody enrolled in this course in this range.' : null}
    >
      <BarList
        label={`Funnel of ${dto.course.title}`}
        max={dto.funnel.enrolled}
        rows={rows.map((row) => ({ label: row.stage, value: row.learners, text: `${num(row.learners)} · ${pct(row.ofEnrolled)}` }))}
      />
    </ChartFigure>
  );
}

const STEP_COLUMNS: Array<DataColumn<StepRow>> = [
  { key: 'step', label: 'Step', format: num },
  { key: 'kind', label: 'Kind' },
  { key: 'title', label: 'Title' },
  { key: 'completed', label: 'Completed or passed by', format: num },
  { key: 'rate', label: 'Completion rate (%)', format: pct },
];

export function StepCompletionChart({ dto, filename }: { dto: CourseInsightsDto; filename: string }) {
  const rows = stepRows(dto);
  // With nobody enrolled every rate is 0: there is no drop to point at.
  const drop = dto.funnel.enrolled === 0 ? null : biggestDrop(rows);
  const dropText = drop === null ? '' : ` The steepest drop is at step ${rows[drop]!.step}, ${rows[drop]!.title} (highlighted).`;
  const done = ['completed each module'];
  if (rows.some((row) => row.kind === 'Knowledge check')) done.push('passed each knowledge check');
  if (rows.some((row) => row.kind === 'Assignment')) done.push('completed each assignment');
  const did = done.length === 1 ? done[0] : `${done.slice(0, -1).join(', ')} or ${done[done.length - 1]}`;
  return (
    <ChartFigure
      title="Completion per step"
      summary={`The share of enrolled learners who ${did}, in course order.${dropText}`}
      columns={STEP_COLUMNS}
      rows={rows}
      filename={filename}
      empty={rows.length === 0 ? 'This course has no modules yet.' : dto.funnel.enrolled === 0 ? 'Nobody enrolled in this course in this range.' : null}
    >
      <BarList
        label={`Completion per step of ${dto.course.title}`}
        max={100}
        rows={rows.map((row, index) => ({
          label: `${row.step}. ${row.kind === 'Video' ? '' : `${row.kind}: `}${row.title}`,
          value: row.rate,
          text: `${num(row.completed)} · ${pct(row.rate)}`,
          highlight: index === drop,
        }))}
      />
    </ChartFigure>
  );
}

const RETENTION_COLUMNS: Array<DataColumn<RetentionRow>> = [
  { key: 'from', label: 'From' },
  { key: 'to', label: 'To' },
  { key: 'viewers', label: 'Learners who watched it', format: num },
  { key: 'watched', label: 'Of those who started (%)', format: pct },
];

export function RetentionChart({ dto, filename }: { dto: RetentionDto; filename: string }) {
  const theme = useTheme();
  const rows = retentionRows(dto);
  const average = dto.averagePosition;
  const empty =
    dto.module.duration <= 0
      ? 'This module has no duration yet, so it has no curve.'
      : dto.viewers === 0
        ? 'Nobody has watched this video since the retention curve started counting.'
        : null;
  return (
    <ChartFigure
      title={`Retention: ${dto.module.title}`}
      summary={`${dto.viewers === 0 ? `The share of the learners who start the ${clock(dto.module.duration)} video who watch` : `Of ${counted(dto.viewers, 'learner')} who started the ${clock(dto.module.duration)} video, the share who watched`} each 10 seconds of it.${average === null ? '' : ` Average watch position ${clock(average)}.`}`}
      columns={RETENTION_COLUMNS}
      rows={rows}
      filename={filename}
      empty={empty}
    >
      <LineChart
        label={`Retention curve of ${dto.module.title}`}
        xLabels={rows.map((row) => row.from)}
        series={[{ name: 'Watched', color: theme.colors.accent, values: rows.map((row) => row.watched) }]}
        yMax={100}
        yFormat={(value) => `${value} %`}
        area
        marker={average === null || rows.length === 0 ? null : { at: Math.min(rows.length - 1, average / 10), label: `avg ${clock(average)}` }}
      />
    </ChartFigure>
  );
}

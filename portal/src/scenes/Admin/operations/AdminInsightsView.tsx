import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import type { CourseInsightsDto, RetentionDto, WeeklyInsightsDto } from '@atrium/common';
import type { InsightsFilters } from '../../../api/insights.ts';
import { UpdatedNote } from '../../../components/charts/UpdatedNote.tsx';
import { FunnelChart, StepCompletionChart, RetentionChart, RevenueCharts, WeeklyChart } from '../../../components/charts/InsightsCharts.tsx';
import { Container, PageHeading } from '../../../components/Layout.tsx';
import { FieldLabel, Select } from '../../../components/NativeSelect.ts';
import { EmptyText, Panel, PanelHeader, PanelLead } from '../../../components/Panel.ts';
import { QueryState, type ReadState } from '../../../components/QueryState.tsx';
import { InsightsFilterBar } from '../../../components/insights/InsightsFilters.tsx';
import { BackToAdmin } from '../shared/AdminRecordPage.tsx';

type Option = { id: number; name: string };

/** The retention panel: a module's curve, or why there is none (the course has no video, or is not read yet). */
export type RetentionState = ReadState<RetentionDto> | { state: 'noModules' } | { state: 'waiting' };

export interface AdminInsightsViewProps {
  filters: InsightsFilters;
  onFilters: (filters: InsightsFilters) => void;
  courses: Option[];
  schools: Option[];
  weekly: ReadState<WeeklyInsightsDto>;
  /** "Update now": the rollup run on demand, and how it went. */
  rollup: { onUpdate: () => void; updating: boolean; scheduled: boolean; problem: string | null };
  /** The course panel's title ("" until known). */
  courseTitle: string;
  /**
   * The course's funnel and step completions. While no course is known (`funnelOf: 'catalogue'`)
   * it is the catalogue's read, ready with null when there is no course at all.
   */
  funnel: ReadState<CourseInsightsDto | null>;
  funnelOf: 'catalogue' | 'course';
  /** The course's videos, numbered as its steps are, for the module picker. */
  modules: Array<{ id: number; title: string; step: number }>;
  moduleId: number | null;
  onModule: (moduleId: number) => void;
  retention: RetentionState;
  /** The file name a chart's CSV and PNG are saved under. */
  filename: (kind: 'weekly' | 'revenue', range: WeeklyInsightsDto['range']) => string;
}

/** A read's loading and error states in the kit's words; the chart once it has data. */
function Loaded<T>({ read, label, children }: { read: ReadState<T>; label: string; children: (data: T) => ReactNode }) {
  return (
    <QueryState read={read} size="panel" loading={`Loading ${label.toLowerCase()}`} failed={`${label} could not be loaded.`}>
      {children}
    </QueryState>
  );
}

/**
 * /admin/insights: weekly figures and revenue, a course's funnel and step completions, and a
 * module's retention curve, all narrowed by the filters at the top.
 */
export function AdminInsightsView(props: AdminInsightsViewProps) {
  const { filters, weekly, rollup, courseTitle, funnel, modules, moduleId, retention } = props;
  const moduleSelectId = useId();
  return (
    <Container>
      <PageHeading
        title="Insights"
        lead="How learning is going: weekly activity and revenue, where learners drop out of a course, and which part of a video loses them."
        actions={<BackToAdmin />}
      />
      <InsightsFilterBar filters={filters} onChange={props.onFilters} courses={props.courses} schools={props.schools} />
      <Grid>
        <Panel aria-labelledby="insights-weekly">
          <PanelHeader>
            <h2 id="insights-weekly">Week by week</h2>
          </PanelHeader>
          <Loaded read={weekly} label="The weekly figures">
            {(data) => (
              <>
                <UpdatedNote
                  updatedAt={data.updatedAt}
                  onUpdate={rollup.onUpdate}
                  updating={rollup.updating}
                  scheduled={rollup.scheduled}
                  problem={rollup.problem}
                />
                <WeeklyChart dto={data} filename={props.filename('weekly', data.range)} />
                <RevenueCharts dto={data} filename={props.filename('revenue', data.range)} />
              </>
            )}
          </Loaded>
        </Panel>
        <Panel aria-labelledby="insights-course">
          <PanelHeader>
            <h2 id="insights-course">{courseTitle ? `Course: ${courseTitle}` : 'Course'}</h2>
          </PanelHeader>
          <Loaded read={funnel} label={props.funnelOf === 'catalogue' ? 'The courses' : "The course's funnel"}>
            {(data) =>
              data === null ? (
                <EmptyText>There are no courses yet.</EmptyText>
              ) : (
                <>
                  {filters.courseId === null ? <PanelLead>Showing the first course: choose another with the Course filter.</PanelLead> : null}
                  <FunnelChart dto={data} filename={`funnel-course-${data.course.id}-${data.range.from}-${data.range.to}`} />
                  <StepCompletionChart dto={data} filename={`steps-course-${data.course.id}-${data.range.from}-${data.range.to}`} />
                </>
              )
            }
          </Loaded>
        </Panel>
        <Panel aria-labelledby="insights-retention">
          <PanelHeader>
            <h2 id="insights-retention">Where viewers stop watching</h2>
          </PanelHeader>
          <PanelLead>Counted over every learner since the curve started counting; the date and school filters do not apply.</PanelLead>
          {modules.length > 0 ? (
            <ModulePicker>
              <FieldLabel htmlFor={moduleSelectId}>Module</FieldLabel>
              <Select id={moduleSelectId} value={moduleId ?? ''} onChange={(event) => props.onModule(Number(event.target.value))}>
                {modules.map((module) => (
                  <option key={module.id} value={module.id}>
                    {`${module.step}. ${module.title}`}
                  </option>
                ))}
              </Select>
            </ModulePicker>
          ) : null}
          {retention.state === 'noModules' ? (
            <EmptyText>This course has no modules yet.</EmptyText>
          ) : retention.state === 'waiting' ? null : (
            <Loaded read={retention} label="The retention curve">
              {(data) => <RetentionChart dto={data} filename={`retention-module-${data.module.id}`} />}
            </Loaded>
          )}
        </Panel>
      </Grid>
    </Container>
  );
}

const Grid = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.lg};

  ${media.desktop} {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);

    & > section:first-child {
      grid-column: 1 / -1;
    }
  }
`;

const ModulePicker = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xxs};
  max-width: 28rem;
  margin-bottom: ${({ theme }) => theme.space.md};
`;

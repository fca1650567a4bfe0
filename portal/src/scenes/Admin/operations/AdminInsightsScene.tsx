import { useId, useState } from 'react';
import styled from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import { useAdminSchools } from '../../../api/adminSchools.ts';
import { errorText } from '../../../api/client.ts';
import { useCourses } from '../../../api/courses.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useRunSchedulerJob, useSchedulerStatus } from '../../../api/deadlines.ts';
import { insightsFilename, isAdminInsightsKey, useAdminCourseInsights, useAdminWeekly, useRetention, type InsightsFilters } from '../../../api/insights.ts';
import { UpdatedNote } from '../../../components/charts/UpdatedNote.tsx';
import { ButtonLink } from '../../../components/Button.tsx';
import { FunnelChart, StepCompletionChart, RetentionChart, RevenueCharts, WeeklyChart } from '../../../components/charts/InsightsCharts.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { Container, PageHeading } from '../../../components/Layout.tsx';
import { FieldLabel, Select } from '../../../components/NativeSelect.ts';
import { EmptyText, Panel, PanelHeader, PanelLead } from '../../../components/Panel.ts';
import { QueryState, type QueryLike } from '../../../components/QueryState.tsx';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { InsightsFilterBar } from '../../../components/insights/InsightsFilters.tsx';

const EMPTY_FILTERS: InsightsFilters = { from: '', to: '', courseId: null, schoolId: null };

/** A query's loading and error states in the kit's words; the chart once it has data. */
function Loaded<T>({ query, label, children }: { query: QueryLike<T>; label: string; children: (data: T) => React.ReactNode }) {
  return (
    <QueryState read={query} size="panel" loading={`Loading ${label.toLowerCase()}`} failed={`${label} could not be loaded.`}>
      {children}
    </QueryState>
  );
}

/**
 * /admin/insights: weekly figures and revenue, a course's funnel and step completions, and a
 * module's retention curve, all narrowed by the filters at the top.
 */
export function AdminInsightsScene() {
  usePageTitle('Insights');
  const [filters, setFilters] = useState<InsightsFilters>(EMPTY_FILTERS);
  const courses = useCourses();
  const schools = useAdminSchools('');
  const courseOptions = (courses.data ?? []).map((course) => ({ id: course.id, name: course.title }));
  const schoolOptions = (schools.data?.items ?? []).map((school) => ({ id: school.id, name: school.name }));
  // The funnel is per course: the course filter's, or the first course.
  const funnelCourseId = filters.courseId ?? courseOptions[0]?.id ?? null;
  const weekly = useAdminWeekly(filters);
  const course = useAdminCourseInsights(funnelCourseId, filters);
  // The module picked, while the course has it; otherwise the course's first.
  const [pickedModule, setModuleId] = useState<number | null>(null);
  // Videos only (a knowledge check has no curve), numbered as the course's steps are.
  const modules = (course.data?.steps ?? []).flatMap((step, index) => (step.kind === 'video' ? [{ id: step.id, title: step.title, step: index + 1 }] : []));
  const moduleId = modules.some((module) => module.id === pickedModule) ? pickedModule : (modules[0]?.id ?? null);
  const retention = useRetention(moduleId);
  const moduleSelectId = useId();
  const courseTitle = course.data?.course.title ?? courseOptions.find((option) => option.id === funnelCourseId)?.name ?? '';
  // "Update now": the rollup run here (the scheduler's own job, under its lease), then every chart read again.
  const queryClient = useQueryClient();
  const runRollup = useRunSchedulerJob();
  const scheduler = useSchedulerStatus();
  const updateNow = () =>
    runRollup.mutate('insights-rollup', { onSuccess: () => void queryClient.invalidateQueries({ predicate: (query) => isAdminInsightsKey(query.queryKey) }) });

  return (
    <Container>
      <PageHeading
        title="Insights"
        lead="How learning is going: weekly activity and revenue, where learners drop out of a course, and which part of a video loses them."
        actions={
          <ButtonLink to="/admin" variant="secondary">
            <Icon name="arrowLeft" size={18} /> Back to Admin
          </ButtonLink>
        }
      />
      <InsightsFilterBar filters={filters} onChange={setFilters} courses={courseOptions} schools={schoolOptions} />
      <Grid>
        <Panel aria-labelledby="insights-weekly">
          <PanelHeader>
            <h2 id="insights-weekly">Week by week</h2>
          </PanelHeader>
          <Loaded query={weekly} label="The weekly figures">
            {(data) => (
              <>
                <UpdatedNote
                  updatedAt={data.updatedAt}
                  onUpdate={updateNow}
                  updating={runRollup.isPending}
                  scheduled={scheduler.data?.enabled !== false}
                  problem={runRollup.error ? `Not updated: ${errorText(runRollup.error, 'please try again')}` : null}
                />
                <WeeklyChart dto={data} filename={insightsFilename('weekly', filters, data.range)} />
                <RevenueCharts dto={data} filename={insightsFilename('revenue', filters, data.range)} />
              </>
            )}
          </Loaded>
        </Panel>
        <Panel aria-labelledby="insights-course">
          <PanelHeader>
            <h2 id="insights-course">{courseTitle ? `Course: ${courseTitle}` : 'Course'}</h2>
          </PanelHeader>
          {funnelCourseId === null ? (
            <Loaded query={courses} label="The courses">
              {() => <EmptyText>There are no courses yet.</EmptyText>}
            </Loaded>
          ) : (
            <Loaded query={course} label="The course's funnel">
              {(data) => (
                <>
                  {filters.courseId === null ? <PanelLead>Showing the first course: choose another with the Course filter.</PanelLead> : null}
                  <FunnelChart dto={data} filename={`funnel-course-${data.course.id}-${data.range.from}-${data.range.to}`} />
                  <StepCompletionChart dto={data} filename={`steps-course-${data.course.id}-${data.range.from}-${data.range.to}`} />
                </>
              )}
            </Loaded>
          )}
        </Panel>
        <Panel aria-labelledby="insights-retention">
          <PanelHeader>
            <h2 id="insights-retention">Where viewers stop watching</h2>
          </PanelHeader>
          <PanelLead>Counted over every learner since the curve started counting; the date and school filters do not apply.</PanelLead>
          {modules.length > 0 ? (
            <ModulePicker>
              <FieldLabel htmlFor={moduleSelectId}>Module</FieldLabel>
              <Select id={moduleSelectId} value={moduleId ?? ''} onChange={(event) => setModuleId(Number(event.target.value))}>
                {modules.map((module) => (
                  <option key={module.id} value={module.id}>
                    {`${module.step}. ${module.title}`}
                  </option>
                ))}
              </Select>
            </ModulePicker>
          ) : null}
          {moduleId === null ? (
            course.data ? (
              <EmptyText>This course has no modules yet.</EmptyText>
            ) : null
          ) : (
            <Loaded query={retention} label="The retention curve">
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

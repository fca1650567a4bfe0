import { render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '@atrium/common/ui/theme';
import { StaffInsightsPanel } from './StaffInsightsPanel.tsx';

const weekly = {
  range: { from: '2026-10-26', to: '2026-11-15' },
  weeks: [{ week: '2026-10-26', enrollments: 0, completions: 0, certificates: 0 }],
  updatedAt: null,
};

function renderPanel(courses: Array<{ id: number; name: string }>) {
  render(
    <ThemeProvider theme={theme}>
      <StaffInsightsPanel
        lead="Completions across the trust."
        filters={{ from: '', to: '', courseId: null, schoolId: 5 }}
        onFilters={vi.fn()}
        courseId={courses[0]?.id ?? null}
        courses={courses}
        schools={[{ id: 5, name: 'Elm Primary School' }]}
        weekly={{ state: 'ready', data: weekly }}
        course={{ state: 'loading' }}
        filePrefix="trust-3-school-5"
        noCourses="Elm Primary School holds no course licence yet, so there is no course to follow there."
      />
    </ThemeProvider>,
  );
}

describe('StaffInsightsPanel', () => {
  it('says a school without a licence has no course to follow, its course picker disabled rather than empty', () => {
    renderPanel([]);
    expect(screen.getByText('Elm Primary School holds no course licence yet, so there is no course to follow there.')).toBeInTheDocument();
    const picker = screen.getByLabelText('Course');
    expect(picker).toBeDisabled();
    expect(picker).toHaveDisplayValue('No courses');
    // No funnel is asked for, so none is shown loading.
    expect(screen.queryByText("Loading the course's funnel")).not.toBeInTheDocument();
  });

  it('offers the licensed courses and follows the first', () => {
    renderPanel([{ id: 11, name: 'Safeguarding Basics' }]);
    const picker = screen.getByLabelText('Course');
    expect(picker).toBeEnabled();
    expect(picker).toHaveDisplayValue('Safeguarding Basics');
    expect(screen.queryByRole('option', { name: 'No courses' })).not.toBeInTheDocument();
  });
});

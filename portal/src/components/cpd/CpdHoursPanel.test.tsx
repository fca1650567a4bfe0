import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CpdHoursDto } from '@atrium/common';
import { mockApi, ok } from '../../test/api.ts';
import { renderScene } from '../../test/render.tsx';
import { CpdHoursPanel } from './CpdHoursPanel.tsx';

const hours: CpdHoursDto = {
  from: '2026-09-01',
  to: '2027-08-31',
  schoolYear: '2026–27',
  totalHours: 2.25,
  people: [{ userId: 1, name: 'Ada Lovelace', email: 'ada@oak.sch.uk', schoolName: 'Oak Primary', hours: 2.25, courses: 3, wholeRecordShared: false }],
};

describe('CpdHoursPanel', () => {
  it('filters the hours by course, as the staff list does', async () => {
    const api = mockApi({ 'GET /api/schools/4/cpd-hours': ok(hours), 'GET /api/schools/4/groups': ok({ groups: [] }) });
    renderScene(
      <CpdHoursPanel
        root="/api/schools/4"
        courses={[
          { id: 7, title: 'School videos' },
          { id: 8, title: 'Podcasting' },
        ]}
      />,
    );
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Course'), 'Podcasting');
    await expect
      .poll(() => api.fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('/cpd-hours')))
      .toContainEqual(expect.stringContaining('courseId=8'));
  });

  it('offers no course filter for a single course', async () => {
    mockApi({ 'GET /api/schools/4/cpd-hours': ok(hours), 'GET /api/schools/4/groups': ok({ groups: [] }) });
    renderScene(<CpdHoursPanel root="/api/schools/4" courses={[{ id: 7, title: 'School videos' }]} />);
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.queryByLabelText('Course')).toBeNull();
  });
});

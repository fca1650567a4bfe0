import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ResourceDto, ResourceListDto } from '@atrium/common';
import { learner, mockApi, ok, publicConfig, fail } from '../../test/api.ts';
import { renderScene } from '../../test/render.tsx';
import { CourseResources, ModuleResources } from './ResourceList.tsx';

const resource = (id: number, moduleId: number | null, title: string, extra: Partial<ResourceDto> = {}): ResourceDto => ({
  id,
  courseId: 3,
  moduleId,
  title,
  description: '',
  fileName: `${title}.pdf`,
  contentType: 'application/pdf',
  typeLabel: 'PDF',
  size: 839_680,
  position: id,
  downloadUrl: `/api/resources/${id}/download`,
  ...extra,
});

const list = (resources: ResourceDto[], access: ResourceListDto['access']): ResourceListDto => ({ resources, can: { download: access === 'granted' }, access });

const base = (extra: Record<string, ReturnType<typeof ok>>) => mockApi({ 'GET /api/user': ok(learner), 'GET /api/config': ok(publicConfig), ...extra });

describe('Resources list', () => {
  it('offers each file as a download with its type and size when the learner is enrolled', async () => {
    base({
      'GET /api/modules/11/resources': ok(
        list(
          [
            resource(1, 11, 'Consent checklist', { description: 'Print and sign' }),
            resource(2, 11, 'Lighting diagram', { contentType: 'image/png', typeLabel: 'PNG image', size: 2_516_582, fileName: 'Lighting diagram.png' }),
          ],
          'granted',
        ),
      ),
    });
    renderScene(<ModuleResources moduleId={11} />);
    const section = await screen.findByRole('region', { name: 'Resources' });
    const links = within(section).getAllByRole('link');
    expect(links).toHaveLength(2);
    expect(links[0]).toHaveAttribute('href', '/api/resources/1/download');
    expect(links[0]).toHaveAttribute('download', 'Consent checklist.pdf');
    expect(links[0]).toHaveAccessibleName('Consent checklist (download PDF, 820 KB)');
    expect(links[1]).toHaveAccessibleName('Lighting diagram (download PNG image, 2.4 MB)');
    expect(within(section).getByText('Print and sign')).toBeInTheDocument();
    expect(within(section).queryByText(/Enroll in this course/)).not.toBeInTheDocument();
  });

  it('shows the course’s own files without links, and how to get access, to a learner not enrolled', async () => {
    base({ 'GET /api/courses/3/resources': ok(list([resource(1, null, 'Consent checklist'), resource(2, 11, 'Module handout')], 'enroll')) });
    renderScene(<CourseResources courseId={3} />);
    const section = await screen.findByRole('region', { name: 'Resources' });
    expect(within(section).getByText('Consent checklist')).toBeInTheDocument();
    expect(within(section).getByText('PDF, 820 KB')).toBeInTheDocument();
    expect(within(section).queryByText('Module handout')).not.toBeInTheDocument();
    expect(within(section).queryByRole('link')).not.toBeInTheDocument();
    expect(within(section).getByText(/Enroll in this course to download these resources/)).toBeInTheDocument();
  });

  it('shows nothing for a course without resources', async () => {
    const api = base({ 'GET /api/courses/3/resources': ok(list([], 'granted')) });
    const { container } = renderScene(<CourseResources courseId={3} />);
    await vi.waitFor(() => expect(api.callsTo('GET', '/api/courses/3/resources')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Resources' })).not.toBeInTheDocument();
    expect(container.querySelector('section')).toBeNull();
  });

  it('says so when the list cannot be loaded', async () => {
    base({ 'GET /api/modules/11/resources': fail(503, 'The service is temporarily unavailable. Please try again shortly.') });
    renderScene(<ModuleResources moduleId={11} />);
    expect(await screen.findByText(/The service is temporarily unavailable/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

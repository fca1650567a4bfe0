import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ModuleDto, ResourceDto } from '@atrium/common';
import { admin, fail, mockApi, ok, publicConfig } from '../../../test/api.ts';
import { renderScene } from '../../../test/render.tsx';
import { CourseResourcesPanel } from './CourseResourcesPanel.tsx';

const modules = [
  { id: 11, title: 'Phone photography' },
  { id: 12, title: 'Consent' },
] as ModuleDto[];

const resource = (id: number, moduleId: number | null, title: string): ResourceDto => ({
  id,
  courseId: 3,
  moduleId,
  title,
  description: '',
  fileName: `${title}.pdf`,
  contentType: 'application/pdf',
  typeLabel: 'PDF',
  size: 2048,
  position: id,
  downloadUrl: `/api/resources/${id}/download`,
});

const answers = (resources: ResourceDto[], extra = {}) =>
  mockApi({
    'GET /api/user': ok(admin),
    'GET /api/config': ok(publicConfig),
    'GET /api/courses/3/resources': ok({ resources, can: { download: true }, access: 'granted' }),
    ...extra,
  });

const pdf = (name = 'checklist.pdf', size = 1000) => new File([new Uint8Array(size)], name, { type: 'application/pdf' });

describe('CourseResourcesPanel', () => {
  it('lists the resources by where they are attached', async () => {
    answers([resource(1, null, 'Course handbook'), resource(2, 12, 'Consent form')]);
    renderScene(<CourseResourcesPanel courseId={3} modules={modules} />);
    const course = await screen.findByRole('region', { name: 'Course page' });
    expect(within(course).getByText('Course handbook')).toBeInTheDocument();
    const consent = screen.getByRole('region', { name: 'Module 2: Consent' });
    expect(within(consent).getByText('Consent form.pdf · PDF · 2 KB')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Module 1: Phone photography' })).not.toBeInTheDocument();
  });

  it('attaches a file to a module with its title and description', async () => {
    const api = answers([], { 'POST /api/modules/11/resources': { status: 201, body: resource(5, 11, 'Shot list') } });
    renderScene(<CourseResourcesPanel courseId={3} modules={modules} />);
    await userEvent.click(await screen.findByRole('button', { name: /Attach File/ }));
    const form = screen.getByRole('form', { name: 'Attach a resource' });
    await userEvent.selectOptions(within(form).getByLabelText('Attach to'), 'Module 1: Phone photography');
    await userEvent.type(within(form).getByLabelText(/Title/), 'Shot list');
    await userEvent.type(within(form).getByLabelText('Description'), 'Ten shots to take');
    await userEvent.upload(within(form).getByLabelText(/^File/), pdf());
    await userEvent.click(within(form).getByRole('button', { name: 'Attach file' }));
    expect(await screen.findByText('Resource attached')).toBeInTheDocument();
    const [call] = api.callsTo('POST', '/api/modules/11/resources');
    const body = call!.body as FormData;
    expect(body.get('title')).toBe('Shot list');
    expect(body.get('description')).toBe('Ten shots to take');
    expect((body.get('file') as File).name).toBe('checklist.pdf');
  });

  it('keeps a pasted title whole, counts it and refuses it over 200 characters', async () => {
    const api = answers([]);
    renderScene(<CourseResourcesPanel courseId={3} modules={modules} />);
    await userEvent.click(await screen.findByRole('button', { name: /Attach File/ }));
    const form = screen.getByRole('form', { name: 'Attach a resource' });
    const title = within(form).getByLabelText(/Title/);
    await userEvent.click(title);
    await userEvent.paste('t'.repeat(250));
    expect(title).toHaveValue('t'.repeat(250));
    expect(within(form).getByText('250 / 200 characters (50 over the limit)')).toBeInTheDocument();
    await userEvent.upload(within(form).getByLabelText(/^File/), pdf());
    await userEvent.click(within(form).getByRole('button', { name: 'Attach file' }));
    expect(await within(form).findByText('Title can be at most 200 characters')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('refuses a file over 25 MB before sending it, and shows the server’s reason for a refused type', async () => {
    const api = answers([], {
      'POST /api/courses/3/resources': {
        status: 400,
        body: {
          message: 'This kind of file cannot be a resource',
          id: 'bad_request',
          errors: { file: 'This kind of file cannot be a resource: upload a PDF …' },
        },
      },
    });
    renderScene(<CourseResourcesPanel courseId={3} modules={modules} />);
    await userEvent.click(await screen.findByRole('button', { name: /Attach File/ }));
    const form = screen.getByRole('form', { name: 'Attach a resource' });
    await userEvent.type(within(form).getByLabelText(/Title/), 'Video');
    await userEvent.upload(within(form).getByLabelText(/^File/), pdf('film.pdf', 26 * 1024 * 1024));
    expect(within(form).getByRole('alert')).toHaveTextContent('The file is 26 MB: the largest a resource may be is 25 MB.');
    await userEvent.click(within(form).getByRole('button', { name: 'Attach file' }));
    expect(api.callsTo('POST', '/api/courses/3/resources')).toHaveLength(0);

    await userEvent.upload(within(form).getByLabelText(/^File/), pdf('drawing.pdf'));
    await userEvent.click(within(form).getByRole('button', { name: 'Attach file' }));
    expect(await within(form).findByText(/cannot be a resource: upload a PDF/)).toBeInTheDocument();
    expect(within(form).getByLabelText(/^File/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('moves a resource down and removes one after confirming', async () => {
    const api = answers([resource(1, null, 'First'), resource(2, null, 'Second')], {
      'PUT /api/courses/3/resources/order': ok({ resources: [], can: { download: true }, access: 'granted' }),
      'DELETE /api/resources/2': ok({ message: 'Resource removed' }),
    });
    renderScene(<CourseResourcesPanel courseId={3} modules={modules} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Move First down' }));
    expect(api.callsTo('PUT', '/api/courses/3/resources/order')[0]!.body).toEqual({ resourceIds: [2, 1] });
    await userEvent.click(screen.getByRole('button', { name: 'Remove Second' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove this resource?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove resource' }));
    expect(await screen.findByText('Resource removed')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/resources/2')).toHaveLength(1);
  });

  it('says so when the list cannot be loaded', async () => {
    mockApi({
      'GET /api/user': ok(admin),
      'GET /api/config': ok(publicConfig),
      'GET /api/courses/3/resources': fail(500, 'Something went wrong on our side.'),
    });
    renderScene(<CourseResourcesPanel courseId={3} modules={modules} />);
    const problem = await screen.findByText('Something went wrong on our side.');
    expect(problem.closest('[role="status"]')).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

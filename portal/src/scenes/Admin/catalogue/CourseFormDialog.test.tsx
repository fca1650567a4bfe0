import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CourseSummaryDto } from '@atrium/common';
import { admin, fail, mockApi, ok, publicConfig } from '../../../test/api.ts';
import { renderScene } from '../../../test/render.tsx';
import { CourseFormDialog } from './CourseFormDialog.tsx';

const course: CourseSummaryDto = {
  id: 4,
  title: 'Podcasting',
  description: 'Run a school podcast.',
  price: 19999,
  thumbnail: null,
  salesVideoId: null,
  totalModules: 3,
  totalDuration: 900,
};
const created = (body: Partial<CourseSummaryDto>) => ({ status: 201, body: { ...course, id: 10, ...body } });
const base = (extra: Parameters<typeof mockApi>[0] = {}) => mockApi({ 'GET /api/user': ok(admin), 'GET /api/config': ok(publicConfig), ...extra });

async function fillNewCourse(price: string) {
  await userEvent.type(await screen.findByLabelText(/^Title/), 'Video for schools');
  await userEvent.type(screen.getByLabelText(/^Description/), 'Short films for open days.');
  if (price) await userEvent.type(screen.getByLabelText('Price (£)'), price);
  await userEvent.click(screen.getByRole('button', { name: 'Create Course' }));
}

describe('course form: price entered in pounds, stored as pence', () => {
  it.each([
    ['499', 49900],
    ['199.99', 19999],
    ['', 0],
  ])('"%s" is sent as %i pence', async (price, pence) => {
    const api = base({ 'POST /api/courses': ({ body }) => created(body as Partial<CourseSummaryDto>) });
    renderScene(<CourseFormDialog course={null} open onOpenChange={() => {}} />);
    await fillNewCourse(price);
    expect(await screen.findByText('Course created')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/courses')[0]?.body).toEqual({
      title: 'Video for schools',
      description: 'Short films for open days.',
      price: pence,
      thumbnail: null,
      salesVideoId: null,
      prices: { GBP: pence },
    });
  });

  it('sends dollar and euro prices beside the pounds, and drops a currency whose field is emptied', async () => {
    const api = base({ 'PUT /api/courses/4': ({ body }) => ok({ ...course, ...(body as object) }) });
    renderScene(<CourseFormDialog course={{ ...course, prices: { GBP: 19999, USD: 24900 } }} open onOpenChange={() => {}} />);
    const usd = await screen.findByLabelText('Price ($, optional)');
    expect(usd).toHaveValue('249');
    await userEvent.clear(usd);
    await userEvent.type(screen.getByLabelText('Price (€, optional)'), '€229.50');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Course updated')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/courses/4')[0]?.body).toMatchObject({ price: 19999, prices: { GBP: 19999, EUR: 22950 } });
  });

  it('refuses a dollar price that is not an amount', async () => {
    const api = base();
    renderScene(<CourseFormDialog course={null} open onOpenChange={() => {}} />);
    await userEvent.type(await screen.findByLabelText('Price ($, optional)'), 'lots');
    await fillNewCourse('499');
    expect(await screen.findByText('Enter the price in dollars, for example 599 or 649.99, or leave it empty')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/courses')).toHaveLength(0);
  });

  it.each(['abc', '-5'])('rejects "%s" and sends nothing', async (price) => {
    const api = base();
    renderScene(<CourseFormDialog course={null} open onOpenChange={() => {}} />);
    await fillNewCourse(price);
    expect(await screen.findByText('Enter the price in pounds, for example 499 or 199.99')).toBeInTheDocument();
    expect(screen.getByLabelText('Price (£)')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', '/api/courses')).toHaveLength(0);
  });

  it('shows the stored pence in pounds when editing and PUTs pence back', async () => {
    const api = base({ 'PUT /api/courses/4': ({ body }) => ok({ ...course, ...(body as object) }) });
    renderScene(<CourseFormDialog course={course} open onOpenChange={() => {}} />);
    const price = await screen.findByLabelText('Price (£)');
    expect(price).toHaveValue('199.99');
    await userEvent.clear(price);
    await userEvent.type(price, '249.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Course updated')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/courses/4')[0]?.body).toMatchObject({ price: 24950 });
  });

  it('"Missing information" when the title or description is empty', async () => {
    const api = base();
    renderScene(<CourseFormDialog course={null} open onOpenChange={() => {}} />);
    await userEvent.type(await screen.findByLabelText(/^Title/), 'Only a title');
    await userEvent.click(screen.getByRole('button', { name: 'Create Course' }));
    expect(await screen.findByText('Missing information')).toBeInTheDocument();
    expect(screen.getByText('Please fill in all course details.')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST', '/api/courses')).toHaveLength(0));
  });
});

describe('course form: CPD value (issue 59)', () => {
  it('shows the modules running time as a guide and sends hours, CEUs and standards as numbers and tags', async () => {
    const api = base({ 'PUT /api/courses/4': ({ body }) => ok({ ...course, ...(body as object) }) });
    renderScene(<CourseFormDialog course={{ ...course, totalDuration: 83 * 60 }} open onOpenChange={() => {}} />);
    const hours = await screen.findByLabelText('CPD hours (optional)');
    expect(screen.getByText(/The modules run 1 h 23 min \(about 1\.5 hours\)/)).toBeInTheDocument();
    await userEvent.type(hours, '1.5');
    await userEvent.type(screen.getByLabelText('CEUs (optional)'), '0.15');
    await userEvent.type(screen.getByLabelText('Standards and frameworks (optional)'), "Teachers' Standards 8, ISTE 2.6");
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Course updated')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/courses/4')[0]?.body).toMatchObject({ cpdHours: 1.5, ceus: 0.15, cpdStandards: ["Teachers' Standards 8", 'ISTE 2.6'] });
  });

  it('refuses hours off the quarter hour beside the field and sends nothing', async () => {
    const api = base();
    renderScene(<CourseFormDialog course={course} open onOpenChange={() => {}} />);
    await userEvent.type(await screen.findByLabelText('CPD hours (optional)'), '1.1');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('CPD hours go to the quarter hour, e.g. 1, 1.25, 1.5 or 1.75')).toBeInTheDocument();
    expect(screen.getByLabelText('CPD hours (optional)')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('PUT', '/api/courses/4')).toHaveLength(0);
  });

  it('emptying the fields clears what the course had', async () => {
    const api = base({ 'PUT /api/courses/4': ({ body }) => ok({ ...course, ...(body as object) }) });
    renderScene(<CourseFormDialog course={{ ...course, cpdHours: 2, ceus: 0.2, cpdStandards: ['KCSIE'] }} open onOpenChange={() => {}} />);
    const hours = await screen.findByLabelText('CPD hours (optional)');
    expect(hours).toHaveValue('2');
    await userEvent.clear(hours);
    await userEvent.clear(screen.getByLabelText('CEUs (optional)'));
    await userEvent.clear(screen.getByLabelText('Standards and frameworks (optional)'));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Course updated')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/courses/4')[0]?.body).toMatchObject({ cpdHours: null, ceus: null, cpdStandards: [] });
  });
});

describe('course form: a refusal', () => {
  it('is said inside the dialog, which stays open with what was typed', async () => {
    base({ 'POST /api/courses': fail(503, 'The service is temporarily unavailable. Please try again shortly.') });
    const closed: boolean[] = [];
    renderScene(<CourseFormDialog course={null} open onOpenChange={(open) => closed.push(!open)} />);
    await fillNewCourse('499');
    const dialog = screen.getByRole('dialog', { name: 'New Course' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The service is temporarily unavailable. Please try again shortly.');
    expect(within(dialog).getByLabelText(/^Title/)).toHaveValue('Video for schools');
    expect(closed).toEqual([]);
  });

  it('that names a field is said on that field, not above the buttons', async () => {
    base({
      'POST /api/courses': {
        status: 400,
        body: { message: 'Invalid input', id: 'validation_failed', errors: { title: 'A course with this title already exists' } },
      },
    });
    renderScene(<CourseFormDialog course={null} open onOpenChange={() => {}} />);
    await fillNewCourse('499');
    expect(await screen.findByText('A course with this title already exists')).toBeInTheDocument();
    expect(screen.queryByText('Invalid input')).not.toBeInTheDocument();
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CourseSummaryDto } from '@atrium/common';
import { admin, mockApi, ok, publicConfig } from '../../test/api.ts';
import { renderScene } from '../../test/render.tsx';
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

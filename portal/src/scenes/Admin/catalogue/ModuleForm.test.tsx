import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ModuleDto } from '@atrium/common';
import { admin, mockApi, ok, publicConfig } from '../../../test/api.ts';
import { renderScene } from '../../../test/render.tsx';
import { ModuleForm } from './ModuleForm.tsx';

const saved = (body: Partial<ModuleDto>) => ({
  status: 201,
  body: { id: 9, courseId: 3, description: '', duration: 0, orderIndex: 1, isCompleted: false, ...body },
});
const base = (extra: Parameters<typeof mockApi>[0] = {}) => mockApi({ 'GET /api/user': ok(admin), 'GET /api/config': ok(publicConfig), ...extra });

describe('ModuleForm', () => {
  it('keeps a pasted title whole, counts it against the limit and refuses it beside the field, sending nothing', async () => {
    const api = base({ 'POST /api/modules': ({ body }) => saved(body as Partial<ModuleDto>) });
    renderScene(<ModuleForm courseId={3} module={null} moduleCount={0} onDone={() => {}} />);
    const title = await screen.findByLabelText(/^Title/);
    expect(screen.getByText('0 / 200 characters')).toBeInTheDocument();
    await userEvent.click(title);
    await userEvent.paste('T'.repeat(250));
    // Not cut to 200 by the browser: the person sees what they pasted and by how much it is over.
    expect(title).toHaveValue('T'.repeat(250));
    expect(title).not.toHaveAttribute('maxlength');
    expect(screen.getByText('250 / 200 characters (50 over the limit)')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Vimeo video/), '76979871');
    await userEvent.click(screen.getByRole('button', { name: 'Add Module' }));
    expect(await screen.findByText('Title can be at most 200 characters')).toBeInTheDocument();
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', '/api/modules')).toHaveLength(0);
  });

  it('parses a full Vimeo link and MM:SS, and adds the module last (count + 1)', async () => {
    const api = base({ 'POST /api/modules': ({ body }) => saved(body as Partial<ModuleDto>) });
    const onDone = vi.fn();
    renderScene(<ModuleForm courseId={3} module={null} moduleCount={2} onDone={onDone} />);
    await userEvent.type(await screen.findByLabelText(/^Title/), 'Lighting basics');
    await userEvent.type(screen.getByLabelText(/^Vimeo video/), 'https://vimeo.com/76979871/abc123def0');
    expect(screen.getByText('Video 76979871 · private hash abc123def0')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Duration/), '12:30');
    expect(screen.getByText('12:30 (750 seconds)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add Module' }));
    expect(await screen.findByText('Module created')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/modules')[0]?.body).toEqual({
      title: 'Lighting basics',
      description: '',
      vimeoVideoId: '76979871/abc123def0',
      duration: 750,
      courseId: 3,
      orderIndex: 3,
    });
    expect(onDone).toHaveBeenCalled();
  });

  it('takes decimal minutes, and an empty duration is 0', async () => {
    const api = base({ 'POST /api/modules': ({ body }) => saved(body as Partial<ModuleDto>) });
    renderScene(<ModuleForm courseId={3} module={null} moduleCount={0} onDone={() => {}} />);
    await userEvent.type(await screen.findByLabelText(/^Title/), 'Intro');
    await userEvent.type(screen.getByLabelText(/^Vimeo video/), '76979871');
    await userEvent.click(screen.getByRole('button', { name: 'Add Module' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/modules')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/modules')[0]?.body).toMatchObject({ vimeoVideoId: '76979871', duration: 0, orderIndex: 1 });

    await userEvent.clear(screen.getByLabelText(/^Duration/));
    await userEvent.type(screen.getByLabelText(/^Duration/), '7.5');
    await userEvent.click(screen.getByRole('button', { name: 'Add Module' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/modules')).toHaveLength(2));
    expect(api.callsTo('POST', '/api/modules')[1]?.body).toMatchObject({ duration: 450 });
  });

  it('says clearly when the duration or the video cannot be read, and sends nothing', async () => {
    const api = base();
    renderScene(<ModuleForm courseId={3} module={null} moduleCount={0} onDone={() => {}} />);
    await userEvent.type(await screen.findByLabelText(/^Title/), 'Intro');
    await userEvent.type(screen.getByLabelText(/^Vimeo video/), 'https://youtube.com/watch?v=1');
    await userEvent.type(screen.getByLabelText(/^Duration/), 'ten minutes');
    await userEvent.click(screen.getByRole('button', { name: 'Add Module' }));
    expect(await screen.findByText('Enter the duration as MM:SS (e.g. 12:30) or as minutes (e.g. 12.5)')).toBeInTheDocument();
    expect(screen.getByText('Enter a Vimeo video id (e.g. 76979871) or a vimeo.com link')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Duration/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', '/api/modules')).toHaveLength(0);
  });

  it('asks for the missing title and video ("Missing information")', async () => {
    const api = base();
    renderScene(<ModuleForm courseId={3} module={null} moduleCount={0} onDone={() => {}} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Module' }));
    expect(await screen.findByText('Missing information')).toBeInTheDocument();
    expect(screen.getByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Video id is required')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
  });

  it('edits a module: shows its video and m:ss duration and PUTs the changes', async () => {
    const module: ModuleDto = {
      id: 5,
      courseId: 3,
      title: 'Old',
      description: 'd',
      vimeoVideoId: '111',
      vimeoHash: 'abcdef12',
      duration: 95,
      orderIndex: 2,
      isCompleted: false,
    };
    const api = base({ 'PUT /api/modules/5': ({ body }) => ok({ ...module, ...(body as object) }) });
    renderScene(<ModuleForm courseId={3} module={module} moduleCount={4} onDone={() => {}} />);
    expect(await screen.findByLabelText(/^Vimeo video/)).toHaveValue('111/abcdef12');
    expect(screen.getByLabelText(/^Duration/)).toHaveValue('1:35');
    await userEvent.click(screen.getByRole('button', { name: 'Save Module' }));
    expect(await screen.findByText('Module updated')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/modules/5')[0]?.body).toEqual({ title: 'Old', description: 'd', vimeoVideoId: '111/abcdef12', duration: 95 });
  });
});

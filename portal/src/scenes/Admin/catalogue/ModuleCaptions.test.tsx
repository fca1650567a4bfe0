import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CaptionTrackDto } from '@atrium/common';
import { admin, mockApi, ok, publicConfig } from '../../../test/api.ts';
import { renderScene } from '../../../test/render.tsx';
import { ModuleCaptions } from './ModuleCaptions.tsx';

const english: CaptionTrackDto = {
  moduleId: 9,
  lang: 'en',
  label: 'English',
  cueCount: 2,
  sourceFormat: 'srt',
  updatedAt: '2026-11-27T09:00:00.000Z',
  url: '/api/modules/9/captions/en.vtt',
};
const VTT = 'WEBVTT\n\n00:00:01.000 --> 00:00:04.000\nWelcome <b>everyone</b>\n\n00:01:05.000 --> 00:01:08.000\nSecond cue\n';
const base = (extra: Parameters<typeof mockApi>[0] = {}) => mockApi({ 'GET /api/user': ok(admin), 'GET /api/config': ok(publicConfig), ...extra });

describe('ModuleCaptions', () => {
  it('lists the tracks and previews the cues as plain text with their times', async () => {
    base({ 'GET /api/modules/9/captions': ok([english]), 'GET /api/modules/9/captions/en.vtt': ok(VTT) });
    renderScene(<ModuleCaptions moduleId={9} courseId={3} moduleTitle="Lighting" />);
    const list = await screen.findByRole('list', { name: 'Caption tracks of Lighting' });
    expect(within(list).getByText('2 cues · converted from SubRip')).toBeInTheDocument();
    await userEvent.click(within(list).getByRole('button', { name: 'Preview English' }));
    const preview = await screen.findByRole('list', { name: 'First cues of English' });
    expect(within(preview).getByText(/Welcome everyone/)).toBeInTheDocument();
    expect(within(preview).getByText('1:05–1:08')).toBeInTheDocument();
  });

  it('uploads a file with its language and label, and shows the line the server refused beside the file', async () => {
    const api = base({
      'GET /api/modules/9/captions': ok([]),
      'PUT /api/modules/9/captions/cy': {
        status: 400,
        body: {
          message: 'The captions file was refused. Line 6: the cue ends before it starts',
          id: 'bad_request',
          errors: { file: 'Line 6: the cue ends before it starts' },
        },
      },
    });
    renderScene(<ModuleCaptions moduleId={9} courseId={3} moduleTitle="Lighting" />);
    expect(await screen.findByText(/No captions yet/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Upload captions' }));
    expect(await screen.findByText('Choose a .vtt or .srt file')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/modules/9/captions/cy')).toHaveLength(0);

    await userEvent.type(screen.getByLabelText(/^Language code/), 'cy');
    await userEvent.type(screen.getByLabelText(/^Label/), 'Cymraeg');
    await userEvent.upload(screen.getByLabelText(/^Caption file/), new File([VTT], 'gwers.vtt', { type: 'text/vtt' }));
    await userEvent.click(screen.getByRole('button', { name: 'Upload captions' }));
    expect(await screen.findByText('Line 6: the cue ends before it starts')).toBeInTheDocument();
    const sent = api.callsTo('PUT', '/api/modules/9/captions/cy')[0]!.body as FormData;
    expect(sent.get('label')).toBe('Cymraeg');
    expect((sent.get('file') as File).name).toBe('gwers.vtt');
  });

  it('refuses a word that is not a language code and a label another track already has, before sending', async () => {
    const api = base({ 'GET /api/modules/9/captions': ok([english]) });
    renderScene(<ModuleCaptions moduleId={9} courseId={3} moduleTitle="Lighting" />);
    await screen.findByRole('list', { name: 'Caption tracks of Lighting' });
    await userEvent.type(screen.getByLabelText(/^Language code/), 'english');
    await userEvent.type(screen.getByLabelText(/^Label/), 'English');
    await userEvent.upload(screen.getByLabelText(/^Caption file/), new File([VTT], 'en.vtt', { type: 'text/vtt' }));
    await userEvent.click(screen.getByRole('button', { name: 'Upload captions' }));
    expect(await screen.findByText('“english” is not a language code. Give the language as a code such as en, en-GB or cy.')).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText(/^Language code/));
    await userEvent.type(screen.getByLabelText(/^Language code/), 'en-us');
    await userEvent.click(screen.getByRole('button', { name: 'Upload captions' }));
    expect(
      await screen.findByText(
        'This module already has captions labelled “English” (en). Replace that track, or give this one a label learners can tell apart, such as “English (en-US)”.',
      ),
    ).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });
});

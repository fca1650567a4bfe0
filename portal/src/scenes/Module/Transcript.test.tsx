import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CaptionTrackDto } from '@atrium/common';
import type { CaptionPreferencesDto } from '@atrium/common';
import { fail, learner, mockApi, ok, publicConfig } from '../../test/api.ts';
import { renderScene } from '../../test/render.tsx';
import type { CaptionPlayer } from './captionPlayer.ts';
import { useModuleCaptionView } from './useModuleCaptionView.tsx';
import { TranscriptLayout } from './TranscriptLayout.tsx';

const track = (lang: string, label: string): CaptionTrackDto => ({
  moduleId: 4,
  lang,
  label,
  cueCount: 3,
  sourceFormat: 'vtt',
  updatedAt: '2026-11-27T09:00:00.000Z',
  url: `/api/modules/4/captions/${lang}.vtt`,
});
const ENGLISH = [
  'WEBVTT',
  '',
  '00:00:01.000 --> 00:00:04.000',
  'Welcome to the <b>staff room</b>.',
  '',
  '00:00:04.500 --> 00:00:08.000',
  'Good light makes a calm classroom.',
  '',
  '00:00:20.000 --> 00:00:24.000',
  'Light the board, not the eyes.',
  '',
].join('\n');
const WELSH = 'WEBVTT\n\n00:00:01.000 --> 00:00:04.000\nCroeso i’r ystafell staff.\n';

/** A stand-in for @vimeo/player: emits `timeupdate` when told, records `setCurrentTime`. */
function fakePlayer() {
  const listeners = new Map<string, Set<(data: { seconds: number }) => void>>();
  const player = {
    on: vi.fn((event: string, callback: (data: { seconds: number }) => void) => {
      listeners.set(event, (listeners.get(event) ?? new Set()).add(callback));
    }),
    off: vi.fn((event: string, callback: (data: { seconds: number }) => void) => listeners.get(event)?.delete(callback)),
    setCurrentTime: vi.fn(async (seconds: number) => seconds),
    play(seconds: number) {
      act(() => listeners.get('timeupdate')?.forEach((callback) => callback({ seconds })));
    },
  };
  return player satisfies CaptionPlayer;
}

function Harness({ player }: { player: CaptionPlayer }) {
  const view = useModuleCaptionView({ moduleId: 4, moduleTitle: 'Lighting basics', player });
  return <TranscriptLayout video={<div data-testid="stage">{view.overlay}</div>} transcript={view.transcript} />;
}

/** The account's caption choice as the server keeps it; `refuseSaves` answers every save with a 500. */
function setUp(tracks = [track('en', 'English')], saved: CaptionPreferencesDto = { on: false, lang: null }, refuseSaves = false) {
  let preferences = saved;
  const api = mockApi({
    'GET /api/user': ok(learner),
    'GET /api/config': ok(publicConfig),
    'GET /api/modules/4/captions': ok(tracks),
    'GET /api/modules/4/captions/en.vtt': ok(ENGLISH),
    'GET /api/modules/4/captions/cy.vtt': ok(WELSH),
    'GET /api/user/caption-preferences': () => ok(preferences),
    'PUT /api/user/caption-preferences': ({ body }) => {
      if (refuseSaves) return fail(500, 'Internal error');
      preferences = body as CaptionPreferencesDto;
      return ok(preferences);
    },
  });
  const player = fakePlayer();
  renderScene(<Harness player={player} />);
  return { player, api, saved: () => preferences };
}

const cue = (text: RegExp) => screen.getByRole('button', { name: text });

describe('the transcript and captions over the video', () => {
  it('highlights the cue the player is at, and a click on a cue asks the player to seek there', async () => {
    const { player } = setUp();
    await screen.findByRole('region', { name: 'Transcript' });
    expect(player.on).toHaveBeenCalledWith('timeupdate', expect.any(Function));
    player.play(5);
    expect(cue(/Good light makes a calm classroom/)).toHaveAttribute('aria-current', 'true');
    expect(cue(/Welcome to the staff room/)).not.toHaveAttribute('aria-current');
    player.play(12);
    expect(screen.queryByRole('button', { current: true })).toBeNull();

    await userEvent.click(cue(/Light the board/));
    expect(player.setCurrentTime).toHaveBeenCalledWith(20);
    // A pause of more than a few seconds starts a new paragraph with its own time.
    expect(screen.getByText('0:20')).toBeInTheDocument();
  });

  it('draws the current cue over the video once CC is on, and saves the choice with the account', async () => {
    const { player, saved } = setUp();
    await screen.findByRole('region', { name: 'Transcript' });
    player.play(2);
    expect(screen.queryByTestId('caption-overlay')).toBeNull();
    const toggle = screen.getByRole('button', { name: /CC/ });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    expect(within(screen.getByTestId('stage')).getByText('Welcome to the staff room.')).toBeInTheDocument();
    expect(screen.getByTestId('caption-overlay')).toHaveAttribute('aria-hidden', 'true');
    player.play(6);
    expect(within(screen.getByTestId('stage')).getByText('Good light makes a calm classroom.')).toBeInTheDocument();
    player.play(10);
    expect(screen.queryByTestId('caption-overlay')).toBeNull();
    await vi.waitFor(() => expect(saved()).toEqual({ on: true, lang: null }));
  });

  it('opens with the choice saved on the account: captions on, in the language chosen before', async () => {
    const { player } = setUp([track('cy', 'Cymraeg'), track('en', 'English')], { on: true, lang: 'cy' });
    await screen.findByRole('region', { name: 'Transcript' });
    expect(await screen.findByRole('button', { name: /CC/ })).toHaveAttribute('aria-pressed', 'true');
    await vi.waitFor(() => expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('cy'));
    player.play(2);
    expect(await within(screen.getByTestId('stage')).findByText('Croeso i’r ystafell staff.')).toBeInTheDocument();
  });

  it('puts the switch back and says so when the choice cannot be saved', async () => {
    setUp(undefined, undefined, true);
    await screen.findByRole('region', { name: 'Transcript' });
    await userEvent.click(screen.getByRole('button', { name: /CC/ }));
    expect(await screen.findByText('Caption choice not saved')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /CC/ })).toHaveAttribute('aria-pressed', 'false');
  });

  it('finds matches, marks them and moves between them', async () => {
    setUp();
    const search = await screen.findByRole('searchbox', { name: 'Search the transcript' });
    await userEvent.type(search, 'light');
    expect(screen.getByText('Match 1 of 2')).toBeInTheDocument();
    const marks = document.querySelectorAll('mark');
    expect([...marks].map((mark) => mark.textContent)).toEqual(['light', 'Light']);
    await userEvent.click(screen.getByRole('button', { name: 'Next match' }));
    expect(screen.getByText('Match 2 of 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next match' }));
    expect(screen.getByText('Match 1 of 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Previous match' }));
    expect(screen.getByText('Match 2 of 2')).toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.type(search, 'projector');
    expect(screen.getByText('No matches')).toBeInTheDocument();
  });

  it('switches language, and speaks cues through a live region only while following along', async () => {
    const { player } = setUp([track('cy', 'Cymraeg'), track('en', 'English')]);
    await screen.findByRole('region', { name: 'Transcript' });
    // English is preferred when there is no remembered choice.
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
    const liveRegions = () => [...document.querySelectorAll('[aria-live]')].filter((element) => element.closest('section[aria-labelledby]'));
    // Nothing in the transcript speaks until "Follow along" is on.
    expect(liveRegions()).toHaveLength(0);
    await userEvent.click(screen.getByRole('checkbox', { name: /Follow along/ }));
    player.play(2);
    expect(liveRegions().map((element) => element.textContent)).toEqual(['Welcome to the staff room.']);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'cy');
    expect(await screen.findByRole('button', { name: /Croeso i’r ystafell staff/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: /Follow along/ }));
    expect(liveRegions()).toHaveLength(0);
  });

  it('shows nothing when the module has no captions', async () => {
    mockApi({ 'GET /api/user': ok(learner), 'GET /api/config': ok(publicConfig), 'GET /api/modules/4/captions': ok([]) });
    renderScene(<Harness player={fakePlayer()} />);
    expect(await screen.findByTestId('stage')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Transcript' })).toBeNull();
  });
});

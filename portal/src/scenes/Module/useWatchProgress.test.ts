import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../test/api.ts';
import { AUTOSAVE_INTERVAL_MS, useWatchProgress, type PlaybackEvent } from './useWatchProgress.ts';
import { watchedStorageKey } from './watchedSeconds.ts';

const saved = {
  moduleId: 11,
  courseId: 5,
  watchedDuration: 0,
  playedSeconds: 0,
  position: 0,
  isCompleted: false,
  courseCompleted: false,
  certificateNumber: null,
};

function setup(serverWatched = 0, target?: number) {
  const api = mockApi({ 'POST /api/progress': ok(saved) });
  const onSaved = vi.fn();
  const hook = renderHook(() => useWatchProgress({ userId: 7, moduleId: 11, courseId: 5, duration: 600, serverWatched, target, onSaved }));
  const send = (event: PlaybackEvent) => act(() => hook.result.current.handle(event));
  /** Plays from `from` to `to` with the player's ~250 ms time updates, advancing the clock too. */
  const play = async (from: number, to: number) => {
    send({ type: 'play', seconds: from });
    for (let time = from + 0.25; time <= to + 1e-9; time += 0.25) {
      send({ type: 'timeupdate', seconds: time });
      await act(() => vi.advanceTimersByTimeAsync(250));
    }
  };
  const saves = () => api.callsTo('POST', '/api/progress');
  return { api, hook, send, play, saves, onSaved };
}

beforeEach(() => {
  vi.useFakeTimers();
  window.localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useWatchProgress', () => {
  it('saves every 30 s while playing, with the distinct seconds watched and the position', async () => {
    const { play, saves } = setup();
    await play(0, 29.5);
    expect(saves()).toHaveLength(0);
    await play(29.5, 31);
    expect(saves()).toHaveLength(1);
    const body = saves()[0]!.body as { watchedDuration: number; position: number; isCompleted: boolean };
    expect(body.isCompleted).toBe(false);
    expect(body.watchedDuration).toBeGreaterThanOrEqual(29);
    expect(body.watchedDuration).toBeLessThanOrEqual(30);
    expect(AUTOSAVE_INTERVAL_MS).toBe(30_000);
  });

  it('saves on pause and on end; skipping ahead does not count as watched', async () => {
    const { play, send, saves } = setup();
    await play(0, 10);
    send({ type: 'seeked', seconds: 300 });
    await play(300, 305);
    send({ type: 'pause', seconds: 305 });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(saves().at(-1)?.body).toEqual({
      moduleId: 11,
      courseId: 5,
      watchedDuration: 15,
      playedSeconds: 15,
      isCompleted: false,
      position: 305,
      playedBuckets: [0, 30],
    });
    await play(305, 306);
    send({ type: 'ended', seconds: 306 });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(saves().at(-1)?.body).toMatchObject({ watchedDuration: 16, position: 306, playedBuckets: [30] });
  });

  it('does not save while paused, nor twice the same figures', async () => {
    const { play, send, saves } = setup();
    await play(0, 5);
    send({ type: 'pause', seconds: 5 });
    await act(() => vi.advanceTimersByTimeAsync(0));
    send({ type: 'pause', seconds: 5 });
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_INTERVAL_MS * 3));
    expect(saves()).toHaveLength(1);
  });

  it('saves with keepalive when the page is hidden, and remembers the seconds on this device', async () => {
    const { play, api, saves } = setup();
    await play(0, 8);
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(saves()).toHaveLength(1);
    const init = api.fetchMock.mock.calls.at(-1)?.[1] as RequestInit;
    expect(init.keepalive).toBe(true);
    expect(window.localStorage.getItem(watchedStorageKey(7, 11))).toBe('0-7');
  });

  it('never reports less than the server already counts', async () => {
    const { play, send, saves } = setup(120);
    await play(0, 3);
    send({ type: 'pause', seconds: 3 });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(saves()[0]?.body).toMatchObject({ watchedDuration: 120, position: 3 });
  });

  it('says when the played seconds reach the target (Completion requires watching), skipped seconds not counting', async () => {
    const { play, send, hook } = setup(0, 20);
    await play(0, 10);
    send({ type: 'seeked', seconds: 300 });
    await play(300, 305);
    expect(hook.result.current.reached).toBe(false);
    expect(hook.result.current.played()).toBe(15);
    await play(305, 311);
    expect(hook.result.current.reached).toBe(true);
    // Seconds the server already counts as played count toward it from the start.
    expect(setup(540, 540).hook.result.current.reached).toBe(true);
  });

  it('saves once more when the learner leaves the module', async () => {
    const { play, hook, saves } = setup();
    await play(0, 4);
    hook.unmount();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(saves()).toHaveLength(1);
    expect(saves()[0]?.body).toMatchObject({ watchedDuration: 4, position: 4 });
  });
});

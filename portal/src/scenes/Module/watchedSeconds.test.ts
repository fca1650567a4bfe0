import { describe, expect, it } from 'vitest';
import { WatchedSeconds } from './watchedSeconds.ts';

function play(watched: WatchedSeconds, from: number, to: number, step = 0.25) {
  let time = from;
  while (time < to) {
    const next = Math.min(to, time + step);
    watched.advance(time, next);
    time = next;
  }
}

describe('WatchedSeconds', () => {
  it('counts the seconds played continuously', () => {
    const watched = new WatchedSeconds();
    play(watched, 0, 10);
    expect(watched.size).toBe(10);
  });

  it('does not count skipped parts (a seek forwards)', () => {
    const watched = new WatchedSeconds();
    play(watched, 0, 5);
    watched.advance(5, 60); // the learner jumped ahead
    play(watched, 60, 65);
    expect(watched.size).toBe(10);
  });

  it('counts a part watched twice once', () => {
    const watched = new WatchedSeconds();
    play(watched, 0, 20);
    watched.advance(20, 5); // back
    play(watched, 5, 25);
    expect(watched.size).toBe(25);
  });

  it('round-trips through its compact storage form', () => {
    const watched = new WatchedSeconds();
    play(watched, 0, 4);
    play(watched, 10, 13);
    watched.advance(20, 21);
    expect(watched.serialize()).toBe('0-3,10-12,20');
    const restored = WatchedSeconds.parse(watched.serialize());
    expect(restored.size).toBe(8);
    expect(restored.serialize()).toBe('0-3,10-12,20');
  });

  it('ignores garbage in storage', () => {
    expect(WatchedSeconds.parse('nonsense,5-7,,x-1').size).toBe(3);
    expect(WatchedSeconds.parse(null).size).toBe(0);
  });
});

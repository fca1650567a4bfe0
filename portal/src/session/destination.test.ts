import { afterEach, describe, expect, it } from 'vitest';
import { forgetDestination, rememberDestination, rememberedDestination } from './destination.ts';

afterEach(() => sessionStorage.clear());

describe('the page a visitor wanted, remembered until they sign in', () => {
  it('keeps a path on this site and forgets it on request', () => {
    rememberDestination('/courses/3/modules/5?t=1#comments');
    expect(rememberedDestination()).toBe('/courses/3/modules/5?t=1#comments');
    forgetDestination();
    expect(rememberedDestination()).toBeNull();
  });

  it('never keeps another site (no open redirect), even when storage is written by hand', () => {
    rememberDestination('//evil.example/x');
    expect(rememberedDestination()).toBeNull();
    sessionStorage.setItem('atrium:destination', JSON.stringify({ path: 'https://evil.example/', at: Date.now() }));
    expect(rememberedDestination()).toBeNull();
    sessionStorage.setItem('atrium:destination', '{not json');
    expect(rememberedDestination()).toBeNull();
  });

  it('lets an old wish lapse after half an hour', () => {
    rememberDestination('/courses/3');
    expect(rememberedDestination(Date.now() + 29 * 60_000)).toBe('/courses/3');
    expect(rememberedDestination(Date.now() + 31 * 60_000)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { authLinkReturningTo, safeNextPath } from './nextPath.ts';

describe('safeNextPath', () => {
  it('keeps same-origin relative paths with their query', () => {
    expect(safeNextPath('/join?token=abc_DEF-123')).toBe('/join?token=abc_DEF-123');
    expect(safeNextPath('/courses/3')).toBe('/courses/3');
  });

  it('refuses anything that could leave the site', () => {
    for (const bad of [null, '', 'https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)', 'join', '/\tx', '/a\\b']) {
      expect(safeNextPath(bad)).toBeNull();
    }
  });

  it('builds the /auth link that returns', () => {
    expect(authLinkReturningTo('/join?token=a')).toBe('/auth?next=%2Fjoin%3Ftoken%3Da');
    expect(safeNextPath(new URLSearchParams(authLinkReturningTo('/join?token=a').split('?')[1]).get('next'))).toBe('/join?token=a');
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../api/assignmentTypes.ts';
import { acceptAttribute, acceptsPhrase, declaredKind, linkify, linkProblem, refusal } from './uploadRules.ts';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('assignment upload rules', () => {
  it('tells the kind from the type, else from the name, and nothing for a kind never taken', () => {
    expect(declaredKind(file('a.jpg', 'image/jpeg'))).toBe('image');
    expect(declaredKind(file('IMG_0001.HEIC', ''))).toBe('image');
    expect(declaredKind(file('talk.m4a', 'audio/x-m4a'))).toBe('audio');
    expect(declaredKind(file('clip.mov', 'video/quicktime'))).toBe('video');
    expect(declaredKind(file('plan.pdf', 'application/pdf'))).toBe('pdf');
    expect(declaredKind(file('logo.svg', 'image/svg+xml'))).toBeNull();
    expect(declaredKind(file('page.html', 'text/html'))).toBeNull();
  });

  it('refuses before sending: a kind not accepted, an empty file, over the limit, no room left', () => {
    expect(refusal(file('a.jpg', 'image/jpeg'), ['image'], DEFAULT_LIMITS, 2)).toBeNull();
    expect(refusal(file('a.mp4', 'video/mp4'), ['image', 'pdf'], DEFAULT_LIMITS, 2)).toBe('a.mp4: this assignment takes photos or PDFs only.');
    expect(refusal(file('a.jpg', 'image/jpeg', 0), ['image'], DEFAULT_LIMITS, 2)).toBe('a.jpg is empty.');
    expect(refusal(file('big.jpg', 'image/jpeg', 30 * 1024 * 1024), ['image'], DEFAULT_LIMITS, 2)).toBe('big.jpg is 30 MB; a photo may be up to 25 MB.');
    expect(refusal(file('a.jpg', 'image/jpeg'), ['image'], DEFAULT_LIMITS, 0)).toMatch(/Remove one first/);
  });

  it('offers the picker only the types the assignment takes', () => {
    const accept = acceptAttribute(['pdf', 'link']);
    expect(accept).toContain('application/pdf');
    expect(accept).not.toContain('image');
    expect(acceptsPhrase(['image', 'video', 'link'])).toBe('photos, videos or links');
  });

  it('takes http(s) links only', () => {
    expect(linkProblem('')).toBeNull();
    expect(linkProblem('https://youtu.be/x')).toBeNull();
    expect(linkProblem('javascript:alert(1)')).toMatch(/https:/);
    expect(linkProblem('not a link')).toMatch(/https:/);
    expect(linkProblem(`https://a.example/${'x'.repeat(2001)}`)).toMatch(/too long/);
  });

  it('turns the addresses in plain text into links, without the sentence’s full stop', () => {
    expect(linkify('See https://example.org/guide. Then send it.')).toEqual([
      { text: 'See ' },
      { href: 'https://example.org/guide' },
      { text: '. Then send it.' },
    ]);
    expect(linkify('javascript:alert(1) stays text')).toEqual([{ text: 'javascript:alert(1) stays text' }]);
  });
});

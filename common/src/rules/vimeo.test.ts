import { describe, expect, it } from 'vitest';
import { parseVimeoInput } from './vimeo.ts';

describe('parseVimeoInput', () => {
  it.each([
    ['76979871', { id: '76979871', hash: null }],
    [' 76979871 ', { id: '76979871', hash: null }],
    ['76979871/abc123def0', { id: '76979871', hash: 'abc123def0' }],
    ['https://vimeo.com/76979871', { id: '76979871', hash: null }],
    ['vimeo.com/76979871', { id: '76979871', hash: null }],
    ['https://vimeo.com/76979871/abc123def0', { id: '76979871', hash: 'abc123def0' }],
    ['https://player.vimeo.com/video/76979871?h=abc123def0&badge=0', { id: '76979871', hash: 'abc123def0' }],
    ['https://vimeo.com/channels/staffpicks/76979871', { id: '76979871', hash: null }],
    ['https://vimeo.com/showcase/123/video/76979871', { id: '76979871', hash: null }],
  ])('reads %s', (input, expected) => {
    expect(parseVimeoInput(input)).toEqual(expected);
  });

  it.each(['', 'hello', 'https://youtube.com/watch?v=76979871', 'https://vimeo.com/', 'javascript:alert(1)'])('rejects %s', (input) => {
    expect(parseVimeoInput(input)).toBeNull();
  });
});

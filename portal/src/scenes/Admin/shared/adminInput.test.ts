import { describe, expect, it } from 'vitest';
import { durationField, durationText, penceToPounds, poundsToPence, vimeoField, vimeoText } from './adminInput.ts';

describe('price in pounds ↔ pence', () => {
  it.each([
    ['499', 49900],
    ['199.99', 19999],
    ['19.99', 1999],
    ['0', 0],
    ['0.5', 50],
    ['.5', 50],
    ['£1,250', 125000],
    [' 12.30 ', 1230],
  ])('"%s" is %i pence', (input, pence) => {
    expect(poundsToPence(input)).toBe(pence);
  });

  it.each(['abc', '-5', '-0.01', '1.999', '12e3', '£', '', '1,2', '100000.01'])('rejects "%s"', (input) => {
    expect(poundsToPence(input)).toBeNull();
  });

  it('shows pence as pounds', () => {
    expect(penceToPounds(49900)).toBe('499');
    expect(penceToPounds(19999)).toBe('199.99');
    expect(penceToPounds(1950)).toBe('19.50');
    expect(poundsToPence(penceToPounds(19999))).toBe(19999);
  });
});

describe('module duration', () => {
  it('takes MM:SS, H:MM:SS and decimal minutes; empty is 0', () => {
    expect(durationField('12:30')).toEqual({ seconds: 750 });
    expect(durationField('1:02:03')).toEqual({ seconds: 3723 });
    expect(durationField('7.5')).toEqual({ seconds: 450 });
    expect(durationField('')).toEqual({ seconds: 0 });
    expect(durationField('  ')).toEqual({ seconds: 0 });
  });

  it('says what to type for anything else', () => {
    expect(durationField('ten minutes')).toEqual({ error: expect.stringContaining('MM:SS') });
    expect(durationField('12:75')).toEqual({ error: expect.stringContaining('MM:SS') });
    expect(durationField('-3')).toEqual({ error: expect.stringContaining('MM:SS') });
    expect(durationField('800')).toEqual({ error: 'A module can be at most 12 hours long' });
  });

  it('shows a stored duration back as m:ss', () => {
    expect(durationText(750)).toBe('12:30');
    expect(durationText(0)).toBe('');
  });
});

describe('Vimeo id or link', () => {
  it('parses ids and links into id and optional hash', () => {
    expect(vimeoField('76979871')).toEqual({ video: { id: '76979871', hash: null }, value: '76979871' });
    expect(vimeoField('https://vimeo.com/76979871')).toEqual({ video: { id: '76979871', hash: null }, value: '76979871' });
    expect(vimeoField('https://vimeo.com/76979871/abc123def0')).toEqual({ video: { id: '76979871', hash: 'abc123def0' }, value: '76979871/abc123def0' });
    expect(vimeoField('https://player.vimeo.com/video/76979871?h=abc123def0')).toMatchObject({ value: '76979871/abc123def0' });
  });

  it('refuses empty input and links elsewhere', () => {
    expect(vimeoField('')).toEqual({ error: 'Video id is required' });
    expect(vimeoField('https://youtube.com/watch?v=1234')).toEqual({ error: expect.stringContaining('Vimeo') });
  });

  it('shows a stored video back', () => {
    expect(vimeoText('76979871', 'abc123def0')).toBe('76979871/abc123def0');
    expect(vimeoText('76979871', null)).toBe('76979871');
    expect(vimeoText(undefined, null)).toBe('');
  });
});

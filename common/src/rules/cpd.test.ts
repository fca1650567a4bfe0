import { describe, expect, it } from 'vitest';
import { courseFormSchema, courseSchema, courseUpdateSchema } from '../schemas/catalogue.ts';
import { cpdHoursText, cpdSummary, nearestQuarterHours, quarterHoursOf, splitStandards, totalHours } from './cpd.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) => result.error?.issues[0];
const form = { title: 'T', description: 'D', price: '', thumbnail: '', salesVideoId: '', validityMonths: '' };

describe('CPD value of a course (issue 59)', () => {
  it('hours are whole quarter hours; totals add up in quarters, without floating-point drift', () => {
    expect(quarterHoursOf(1.25)).toBe(5);
    expect(quarterHoursOf(1.3)).toBeNull();
    expect(totalHours([0.25, 0.25, 0.25, 1.75, null, undefined])).toBe(2.5);
    expect(totalHours(Array.from({ length: 40 }, () => 0.1 + 0.15))).toBe(10);
    expect(totalHours([])).toBe(0);
  });

  it('the modules running time is a guide rounded to the nearest quarter hour', () => {
    expect(nearestQuarterHours(0)).toBe(0);
    expect(nearestQuarterHours(7 * 60 + 29)).toBe(0);
    expect(nearestQuarterHours(7 * 60 + 30)).toBe(0.25);
    expect(nearestQuarterHours(83 * 60)).toBe(1.5);
    expect(nearestQuarterHours(3600 + 22 * 60)).toBe(1.25);
  });

  it('writes hours and CEUs as a card and a certificate do', () => {
    expect(cpdHoursText(1)).toBe('1 hour');
    expect(cpdHoursText(1.25)).toBe('1.25 hours');
    expect(cpdSummary({ cpdHours: 1.5, ceus: 0.15 })).toBe('1.5 CPD hours · 0.15 CEUs');
    expect(cpdSummary({ cpdHours: 1 })).toBe('1 CPD hour');
    expect(cpdSummary({ ceus: 2 })).toBeNull();
  });

  it('the API takes hours to a quarter hour within bounds, CEUs to a hundredth, standards as tags', () => {
    expect(
      courseSchema.parse({ title: 'T', description: 'D', cpdHours: 1.75, ceus: 0.18, cpdStandards: [' ISTE 2.6 ', 'iste 2.6', "Teachers' Standards 8"] }),
    ).toMatchObject({
      cpdHours: 1.75,
      ceus: 0.18,
      cpdStandards: ['ISTE 2.6', "Teachers' Standards 8"],
    });
    expect(courseUpdateSchema.parse({ cpdHours: null, ceus: null, cpdStandards: [] })).toEqual({ cpdHours: null, ceus: null, cpdStandards: [] });
    expect(firstMessage(courseUpdateSchema.safeParse({ cpdHours: 1.3 }))).toMatchObject({
      path: ['cpdHours'],
      message: 'CPD hours go to the quarter hour, e.g. 1, 1.25, 1.5 or 1.75',
    });
    expect(firstMessage(courseUpdateSchema.safeParse({ cpdHours: 0 }))?.message).toBe('CPD hours must be between 0.25 and 500');
    expect(firstMessage(courseUpdateSchema.safeParse({ cpdHours: 500.25 }))?.message).toBe('CPD hours must be between 0.25 and 500');
    expect(firstMessage(courseUpdateSchema.safeParse({ cpdHours: '2' }))?.message).toBe('CPD hours must be a number of hours, e.g. 1.5');
    expect(firstMessage(courseUpdateSchema.safeParse({ ceus: 0.125 }))?.path).toEqual(['ceus']);
    expect(firstMessage(courseUpdateSchema.safeParse({ cpdStandards: ['x'.repeat(61)] }))?.message).toBe(
      'Each standard or framework can be at most 60 characters',
    );
    expect(firstMessage(courseUpdateSchema.safeParse({ cpdStandards: Array.from({ length: 13 }, (_, i) => `S${i}`) }))?.message).toBe(
      'At most 12 standards or frameworks',
    );
    expect(firstMessage(courseUpdateSchema.safeParse({ cpdStandards: 'ISTE' }))?.message).toBe('Standards must be a list of text tags');
  });

  it('the course form reads hours and CEUs as typed, empty for none, standards comma-separated', () => {
    expect(courseFormSchema.parse({ ...form, cpdHours: ' 1.5 ', ceus: '.15', cpdStandards: 'ISTE 2.6, , Teachers’ Standards 8' })).toMatchObject({
      cpdHours: 1.5,
      ceus: 0.15,
      cpdStandards: ['ISTE 2.6', 'Teachers’ Standards 8'],
    });
    expect(courseFormSchema.parse({ ...form, cpdHours: '', ceus: '', cpdStandards: '' })).toMatchObject({ cpdHours: null, ceus: null, cpdStandards: [] });
    expect(firstMessage(courseFormSchema.safeParse({ ...form, cpdHours: '1h' }))).toMatchObject({
      path: ['cpdHours'],
      message: 'Enter CPD hours as a number, e.g. 1.5',
    });
    expect(firstMessage(courseFormSchema.safeParse({ ...form, cpdHours: '1.1' }))?.message).toBe('CPD hours go to the quarter hour, e.g. 1, 1.25, 1.5 or 1.75');
    expect(splitStandards('a, A ,b')).toEqual(['a', 'b']);
  });
});

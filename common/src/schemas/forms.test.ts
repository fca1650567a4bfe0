import { describe, expect, it } from 'vitest';
import { newPasswordFormSchema } from './auth.ts';
import { courseFormSchema, courseUpdateSchema, moduleFormSchema } from './catalogue.ts';
import { domainFormSchema, inviteSchema } from './schools.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) => result.error?.issues[0];

describe('form schemas (the portal forms parse with these, the server with their bases)', () => {
  it('course form: price typed in pounds, empty for free, a message per missing field', () => {
    const base = { title: ' Video ', description: 'Films', thumbnail: '', salesVideoId: '', validityMonths: '' };
    expect(courseFormSchema.parse({ ...base, price: '199.99' })).toMatchObject({ title: 'Video', price: 19999, thumbnail: null, validityMonths: null });
    expect(courseFormSchema.parse({ ...base, price: '', validityMonths: ' 24 ' }).validityMonths).toBe(24);
    expect(firstMessage(courseFormSchema.safeParse({ ...base, price: '', validityMonths: '0' }))?.path).toEqual(['validityMonths']);
    expect(courseFormSchema.parse({ ...base, price: '' }).price).toBe(0);
    expect(firstMessage(courseFormSchema.safeParse({ ...base, price: '12.345' }))?.message).toBe('Enter the price in pounds, for example 499 or 199.99');
    expect(firstMessage(courseFormSchema.safeParse({ ...base, title: ' ', price: '' }))).toMatchObject({ path: ['title'], message: 'Title is required' });
  });

  it('course form: the sales video is reduced to its public Vimeo id; junk and private links are refused', () => {
    const base = { title: 'Video', description: 'Films', thumbnail: '', price: '', validityMonths: '' };
    expect(courseFormSchema.parse({ ...base, salesVideoId: 'https://vimeo.com/76979871' }).salesVideoId).toBe('76979871');
    expect(courseFormSchema.parse({ ...base, salesVideoId: ' 76979871 ' }).salesVideoId).toBe('76979871');
    expect(courseFormSchema.parse({ ...base, salesVideoId: '' }).salesVideoId).toBeNull();
    expect(firstMessage(courseFormSchema.safeParse({ ...base, salesVideoId: '"><script>' }))).toMatchObject({ path: ['salesVideoId'] });
    expect(firstMessage(courseFormSchema.safeParse({ ...base, salesVideoId: 'https://vimeo.com/76979871/abc123def0' }))?.message).toMatch(/private Vimeo link/);
    expect(courseUpdateSchema.parse({ salesVideoId: 'player.vimeo.com/video/76979871' }).salesVideoId).toBe('76979871');
    expect(courseUpdateSchema.parse({ salesVideoId: null }).salesVideoId).toBeNull();
    expect(courseUpdateSchema.parse({}).salesVideoId).toBeUndefined();
  });

  it('course thumbnail: an https address or a path on this site, never another site by // or /\\', () => {
    for (const fine of ['/uploads/a.png', 'https://cdn.example/a.png']) expect(courseUpdateSchema.safeParse({ thumbnail: fine }).success, fine).toBe(true);
    for (const bad of ['//evil.example/a.png', '/\\evil.example/a.png', 'http://cdn.example/a.png', 'javascript:alert(1)']) {
      expect(courseUpdateSchema.safeParse({ thumbnail: bad }).success, bad).toBe(false);
    }
  });

  it('module form: a Vimeo link into its reference, MM:SS or minutes into seconds', () => {
    const parsed = moduleFormSchema.parse({ title: 'Intro', description: '', vimeoVideoId: 'https://vimeo.com/76979871/abc123def0', duration: '12:30' });
    expect(parsed).toMatchObject({ vimeoVideoId: { id: '76979871', hash: 'abc123def0' }, duration: 750 });
    expect(moduleFormSchema.parse({ title: 'Intro', description: '', vimeoVideoId: '1', duration: '' }).duration).toBe(0);
    const bad = moduleFormSchema.safeParse({ title: 'Intro', description: '', vimeoVideoId: '1', duration: 'ten' });
    expect(firstMessage(bad)).toMatchObject({ path: ['duration'], message: 'Enter the duration as MM:SS (e.g. 12:30) or as minutes (e.g. 12.5)' });
    expect(firstMessage(moduleFormSchema.safeParse({ title: 'Intro', description: '', vimeoVideoId: '1', duration: '13:00:00' }))?.message).toBe(
      'A module can be at most 12 hours long',
    );
  });

  it('domain form: a pasted @ is dropped, public mailbox providers are named and refused', () => {
    expect(domainFormSchema.parse({ domain: ' @StMarys.sch.uk ' })).toEqual({ domain: 'stmarys.sch.uk' });
    expect(firstMessage(domainFormSchema.safeParse({ domain: 'gmail.com' }))?.message).toMatch(/^gmail\.com is a public e-mail service/);
    expect(domainFormSchema.safeParse({ domain: 'not a domain' }).success).toBe(false);
  });

  it('new password typed twice: a mismatch first, then the server rule', () => {
    expect(firstMessage(newPasswordFormSchema.safeParse({ newPassword: 'abc', confirm: 'abd' }))?.path).toEqual(['confirm']);
    expect(firstMessage(newPasswordFormSchema.safeParse({ newPassword: 'abc', confirm: 'abc' }))).toMatchObject({
      path: ['newPassword'],
      message: 'Password must be at least 6 characters long.',
    });
    expect(newPasswordFormSchema.safeParse({ newPassword: 'abcdef', confirm: 'abcdef' }).success).toBe(true);
  });

  it('invite limits: optional whole numbers with a sentence that says the range', () => {
    expect(inviteSchema.parse({ expiresInDays: 7 })).toEqual({ expiresInDays: 7 });
    expect(firstMessage(inviteSchema.safeParse({ maxUses: 0 }))?.message).toBe('Uses must be a whole number from 1 to 10,000');
  });
});

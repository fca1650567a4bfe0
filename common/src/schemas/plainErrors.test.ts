import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { optionalText } from './common.ts';
import { plainValidatorText } from '../rules/validatorText.ts';
import { fieldLabel } from './plainErrors.ts';

const messages = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('zod speaks plain words (issue 34)', () => {
  it('says what is wrong with the field, by name, instead of zod’s own sentence', () => {
    const schema = z.object({
      schoolName: z.string().max(200),
      purchaseOrderNumber: optionalText(100),
      seats: z.number().int().min(1).max(500),
      country: z.enum(['GB', 'US']),
      emails: z.array(z.string()).max(2),
    });
    expect(messages(schema, { schoolName: 'x'.repeat(201), purchaseOrderNumber: 'P'.repeat(101), seats: 501, country: 'GB', emails: [] })).toEqual([
      'School name can be at most 200 characters',
      'Purchase order number can be at most 100 characters',
      'Seats must be 500 or less',
    ]);
    expect(messages(schema, { schoolName: 'a', seats: 0.5, country: 'FR', emails: ['a', 'b', 'c'] })).toEqual([
      'Seats must be a whole number',
      'Country must be one of: GB, US',
      'Emails can have at most 2 items',
    ]);
    expect(messages(schema, {})).toEqual(['School name is required', 'Seats is required', 'Country is required', 'Emails is required']);
    expect(messages(z.strictObject({ a: z.string() }), { a: 'x', b: 1 })).toEqual(['Not expected here: b']);
    expect(messages(z.object({ website: z.url() }), { website: 'nope' })).toEqual(['Website must be a web address (https://…)']);
    for (const message of messages(schema, { schoolName: 'x'.repeat(201), seats: 'many', country: 1, emails: 'x' })) {
      expect(message).not.toMatch(/Too big|Invalid input|expected|received|<=|>=/);
    }
  });

  it('keeps a message a schema names itself', () => {
    expect(messages(z.string().max(3, { message: 'Keep it short' }), 'long')).toEqual(['Keep it short']);
  });

  it('names fields as people do', () => {
    expect(fieldLabel(['billingAddress'])).toBe('Billing address');
    expect(fieldLabel(['rows', 3, 'email'])).toBe('Email');
    expect(fieldLabel(['first_name'])).toBe('First name');
    expect(fieldLabel([])).toBe('This value');
  });

  it('rewrites zod’s default sentences that arrive already formatted, and leaves others alone', () => {
    expect(plainValidatorText('Too big: expected string to have <=100 characters')).toBe('Too long: at most 100 characters');
    expect(plainValidatorText('Too small: expected string to have >=1 characters')).toBe('This field is required');
    expect(plainValidatorText('Invalid input: expected string, received undefined')).toBe('This field is required');
    expect(plainValidatorText('Invalid option: expected one of "GB"|"US"')).toBe('Choose one of the options offered');
    expect(plainValidatorText('Invalid email or password')).toBe('Invalid email or password');
  });
});

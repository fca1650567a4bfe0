import { z } from 'zod';
import { count, KINDS } from '../rules/validatorText.ts';

/**
 * Validation messages people read. zod's own ("Too big: expected string to have <=100
 * characters", "Invalid input: expected number, received undefined") are written for
 * programmers; a schema that names its own message keeps it, and every other check is said here
 * in plain words, with the field's name, so the server's 400s and the portal's forms read alike.
 * `z.config` below makes this zod's error map wherever common's schemas are loaded (the server and
 * the portal); `plainValidatorText` (rules/validatorText.ts) rewrites such a sentence that
 * arrives already formatted.
 */

type Issue = z.core.$ZodRawIssue;

/** "schoolName" → "School name"; the last named key of the path, else "This value". */
export function fieldLabel(path: ReadonlyArray<PropertyKey> | undefined): string {
  const key = [...(path ?? [])].reverse().find((part): part is string => typeof part === 'string');
  if (!key) return 'This value';
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const FORMATS: Record<string, string> = {
  email: 'a valid e-mail address',
  url: 'a web address (https://…)',
  date: 'a date (YYYY-MM-DD)',
  datetime: 'a date and time',
  uuid: 'an identifier',
};

/** The sentence for one issue, or undefined to keep the schema's own message. */
export function plainIssueMessage(issue: Issue): string | undefined {
  const field = fieldLabel(issue.path);
  switch (issue.code) {
    case 'too_big': {
      const max = issue.maximum as number;
      if (issue.origin === 'string') return `${field} can be at most ${count(max, 'character')}`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${field} can have at most ${count(max, 'item')}`;
      if (issue.origin === 'file') return `${field} is too large`;
      if (issue.origin === 'date') return `${field} is too late`;
      return issue.inclusive === false ? `${field} must be less than ${max}` : `${field} must be ${max} or less`;
    }
    case 'too_small': {
      const min = issue.minimum as number;
      if (issue.origin === 'string') return Number(min) <= 1 ? `${field} is required` : `${field} must be at least ${count(min, 'character')}`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return Number(min) <= 1 ? `${field} needs at least one item` : `${field} needs at least ${count(min, 'item')}`;
      if (issue.origin === 'date') return `${field} is too early`;
      return issue.inclusive === false ? `${field} must be more than ${min}` : `${field} must be ${min} or more`;
    }
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return `${field} is required`;
      return `${field} must be ${KINDS[issue.expected] ?? 'of another kind'}`;
    case 'invalid_format':
      return `${field} must be ${FORMATS[issue.format] ?? 'in the expected format'}`;
    case 'invalid_value': {
      if (issue.input === undefined || issue.input === null) return `${field} is required`;
      const values = issue.values.map(String);
      return values.length > 0 && values.length <= 6 ? `${field} must be one of: ${values.join(', ')}` : `${field} is not one of the choices offered`;
    }
    case 'not_multiple_of':
      return `${field} must be a multiple of ${String(issue.divisor)}`;
    case 'unrecognized_keys':
      return `Not expected here: ${issue.keys.join(', ')}`;
    default:
      return `${field} is not valid`;
  }
}

z.config({ customError: (issue) => plainIssueMessage(issue) });

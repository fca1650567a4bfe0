import { describe, expect, it } from 'vitest';
import { loginSchema, registerSchema } from '../schemas/auth.ts';
import {
  addressesPhrase,
  invalidAddresses,
  invalidAddressesMessage,
  NON_ASCII_EMAIL,
  normalizeEmail,
  normalizedEmailOrNull,
  splitAddressList,
} from './emailAddress.ts';

describe('normalizeEmail', () => {
  it.each([
    ['  Ann.Lee@Example.COM ', 'ann.lee@example.com'],
    ['o’neil@example.com', null],
    ["o'neil+tag@example.co.uk", "o'neil+tag@example.co.uk"],
    ['ann@bücher.example', 'ann@xn--bcher-kva.example'],
    ['ann@ＥＸＡＭＰＬＥ.com', 'ann@example.com'],
  ])('%s → %s', (input, expected) => {
    expect(normalizedEmailOrNull(input)).toBe(expected);
  });

  it('refuses the spellings MariaDB would fold into another address (accents, other scripts)', () => {
    for (const variant of ['josé@example.com', 'JOSÉ@example.com', 'jose\u0301@example.com', 'straße@example.com', 'ｊｏｓｅ@example.com']) {
      expect(normalizeEmail(variant)).toEqual({ ok: false, message: NON_ASCII_EMAIL });
    }
  });

  it.each(['', 'ann', '@example.com', 'ann@', 'ann@localhost', 'a..b@example.com', 'ann@exa mple.com', 'ann@@example.com', `${'a'.repeat(65)}@example.com`])(
    'refuses %j',
    (input) => {
      expect(normalizeEmail(input).ok).toBe(false);
    },
  );

  it('is what the schemas use, so login and registration see one spelling', () => {
    expect(loginSchema.parse({ email: ' JOSE@Example.com', password: 'x' }).email).toBe('jose@example.com');
    expect(loginSchema.safeParse({ email: 'josé@example.com', password: 'x' }).success).toBe(false);
    expect(registerSchema.safeParse({ email: 'josé@example.com', password: 'secret-123' }).error?.issues[0]?.message).toBe(NON_ASCII_EMAIL);
  });
});

describe('a pasted list of addresses (issue 53 item 10)', () => {
  it('splits on commas, semicolons, spaces and lines and finds each entry that is not an address, once', () => {
    const list = splitAddressList(' ann@oak.sch.uk, jo@oak;\nbob  jo@oak ');
    expect(list).toEqual(['ann@oak.sch.uk', 'jo@oak', 'bob', 'jo@oak']);
    expect(invalidAddresses(list)).toEqual(['jo@oak', 'bob']);
  });
  it('names them in a sentence short enough to read', () => {
    expect(invalidAddressesMessage(['jo@oak'])).toBe('Not a valid e-mail address: jo@oak');
    expect(invalidAddressesMessage(['a', 'b', 'c', 'd', 'e', 'f', 'g'])).toBe('Not valid e-mail addresses: a, b, c, d, e and 2 more');
    expect(addressesPhrase(['x'.repeat(200)])).toHaveLength(80);
  });
});

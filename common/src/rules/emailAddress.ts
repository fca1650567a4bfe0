/**
 * The one place an e-mail address is normalised and checked, for the zod schemas (server and
 * portal) and the server's own reads of provider tokens.
 *
 * Why so strict: MariaDB compares `users.email` under `utf8mb4_unicode_ci`, where `josé@`,
 * `jose@`, `JOSE@` and many other spellings are one value. Two spellings the application thinks
 * are different would reach one account, each with its own login-attempt bucket. So an address
 * is reduced to one spelling before anything sees it: trimmed, its domain mapped to lower-case
 * ASCII (an internationalised domain becomes its `xn--` form, by the URL parser's UTS #46
 * mapping, which also folds full-width and other compatibility characters), its local part
 * lower-cased, and a local part outside printable ASCII refused (almost no mail system delivers
 * to one, and it is exactly what the collation would fold into someone else's address).
 */
export const EMAIL_MAX_LENGTH = 254;
export const INVALID_EMAIL = 'Please enter a valid email address';
export const NON_ASCII_EMAIL = 'Use the plain-letter (ASCII) form of your e-mail address: letters without accents, digits and . _ % + -';

// RFC 5321 dot-atom local part, as mail systems accept it in practice.
const LOCAL_PART = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
const PRINTABLE_ASCII = /^[\x21-\x7e]*$/;

export type EmailCheck = { ok: true; email: string } | { ok: false; message: string };

/** The domain in lower-case ASCII (punycode for an internationalised one), or null when it is not a host name. */
function asciiDomain(domain: string): string | null {
  if (!domain || /[\s/\\?#@:[\]%]/.test(domain)) return null;
  if (PRINTABLE_ASCII.test(domain)) return domain.toLowerCase();
  try {
    return new URL(`http://${domain}`).hostname;
  } catch {
    return null;
  }
}

/** The one spelling of `input`, or why it is not an address we accept. */
export function normalizeEmail(input: string): EmailCheck {
  const trimmed = input.trim();
  if (!trimmed || trimmed.length > EMAIL_MAX_LENGTH) return { ok: false, message: INVALID_EMAIL };
  const at = trimmed.lastIndexOf('@');
  if (at <= 0) return { ok: false, message: INVALID_EMAIL };
  const local = trimmed.slice(0, at);
  if (!PRINTABLE_ASCII.test(local)) return { ok: false, message: NON_ASCII_EMAIL };
  const domain = asciiDomain(trimmed.slice(at + 1));
  const email = `${local.toLowerCase()}@${domain ?? ''}`;
  if (domain === null || !LOCAL_PART.test(local.toLowerCase()) || local.length > 64 || !DOMAIN.test(domain) || email.length > EMAIL_MAX_LENGTH) {
    return { ok: false, message: INVALID_EMAIL };
  }
  return { ok: true, email };
}

/** `normalizeEmail` for values that may be anything (provider claims): the address, or null. */
export function normalizedEmailOrNull(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const checked = normalizeEmail(value);
  return checked.ok ? checked.email : null;
}

/** A pasted list of addresses split on commas, semicolons, spaces or lines, blanks dropped. */
export const splitAddressList = (raw: string): string[] =>
  raw
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter(Boolean);

/** The entries of a list that are not addresses we accept, trimmed, each once, in the order given. */
export function invalidAddresses(list: readonly string[]): string[] {
  return [...new Set(list.map((entry) => entry.trim()).filter((entry) => !normalizeEmail(entry).ok))];
}

const SHOWN_ADDRESSES = 5;
const SHOWN_LENGTH = 80;

/** "a", "a and b", "a, b, c, d, e and 3 more": a list of addresses short enough to read in an error. */
export function addressesPhrase(addresses: readonly string[]): string {
  const shown = addresses.slice(0, SHOWN_ADDRESSES).map((entry) => (entry.length > SHOWN_LENGTH ? `${entry.slice(0, SHOWN_LENGTH - 1)}…` : entry));
  const more = addresses.length - shown.length;
  if (more > 0) return `${shown.join(', ')} and ${more} more`;
  return shown.length > 1 ? `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)!}` : (shown[0] ?? '');
}

/** The field's error for a list with entries that are not addresses, naming them (issue 53 item 10). */
export const invalidAddressesMessage = (invalid: readonly string[]): string =>
  `${invalid.length === 1 ? 'Not a valid e-mail address' : 'Not valid e-mail addresses'}: ${addressesPhrase(invalid)}`;

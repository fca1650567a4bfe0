// No zod here: the portal's first load reads error answers through this and must not pull zod in.

/** "1 character", "1,000 characters". */
export const count = (n: number | bigint, one: string, many = `${one}s`) => `${Number(n).toLocaleString('en-GB')} ${Number(n) === 1 ? one : many}`;

export const KINDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'yes or no',
  array: 'a list',
  object: 'a set of fields',
  date: 'a date',
  bigint: 'a whole number',
};

/** zod's English defaults, as they read once formatted, and what a person reads instead. */
const DEFAULT_SENTENCES: Array<[RegExp, (match: RegExpMatchArray) => string]> = [
  [/^Too big: expected string to have <=?(\d+) characters?$/i, ([, n]) => `Too long: at most ${count(Number(n), 'character')}`],
  [/^Too big: expected array to have <=?(\d+) items?$/i, ([, n]) => `Too many: at most ${count(Number(n), 'item')}`],
  [/^Too big: expected number to be <=?(-?[\d.]+)$/i, ([, n]) => `Too large: at most ${n}`],
  [/^Too small: expected string to have >=?1 characters?$/i, () => 'This field is required'],
  [/^Too small: expected string to have >=?(\d+) characters?$/i, ([, n]) => `Too short: at least ${count(Number(n), 'character')}`],
  [/^Too small: expected number to be >=?(-?[\d.]+)$/i, ([, n]) => `Too small: at least ${n}`],
  [/^Invalid input: expected \w+, received (undefined|null)$/i, () => 'This field is required'],
  [/^Invalid input: expected (\w+), received \w+$/i, ([, kind]) => `This must be ${KINDS[kind!] ?? 'of another kind'}`],
  [/^Invalid (email|email address)$/i, () => 'Enter a valid e-mail address'],
  [/^Invalid (url|URL)$/i, () => 'Enter a web address (https://…)'],
  [/^Invalid option: expected one of .*$/i, () => 'Choose one of the options offered'],
  [/^Unrecognized keys?: (.*)$/i, ([, keys]) => `Not expected here: ${keys!.replace(/"/g, '')}`],
  [/^Invalid (input|string|value)$/i, () => 'This value is not valid'],
];

/** A validator's default sentence rewritten for people; any other text is returned as it is. */
export function plainValidatorText(text: string): string {
  for (const [pattern, plain] of DEFAULT_SENTENCES) {
    const match = text.match(pattern);
    if (match) return plain(match);
  }
  return text;
}

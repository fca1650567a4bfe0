import { z } from 'zod';
import { envSchema, type EnvironmentVariable } from '../config.ts';
import { CONFIG_VARIABLES, VARIABLE_GROUPS } from './variables.ts';

/** Where the generated reference lives, from the repository's root. */
export const CONFIGURATION_DOC_PATH = 'docs/operations/configuration.md';

/** The schema's own default, shown as written in the environment ("3000", "true"), or null when it has none. */
export function schemaDefault(schema: z.ZodType): string | null {
  if (!(schema instanceof z.ZodDefault)) return null;
  const value: unknown = schema.def.defaultValue;
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : null;
}

/** What the schema accepts, in words, where it says more than "text": a range, a list, a kind. */
export function accepted(schema: z.ZodType): string {
  let inner: z.ZodType = schema;
  while (inner instanceof z.ZodDefault || inner instanceof z.ZodOptional) inner = inner.def.innerType as z.ZodType;
  if (inner instanceof z.ZodPipe && inner.def.in instanceof z.ZodEnum && inner.def.in.options.includes('true'))
    return '`true` or `false` (also `1`/`0`, `yes`/`no`)';
  if (inner instanceof z.ZodEnum) return inner.options.map((option) => `\`${String(option)}\``).join(', ');
  if (inner instanceof z.ZodNumber) {
    const json = z.toJSONSchema(inner) as { type?: string; minimum?: number; maximum?: number; exclusiveMinimum?: number };
    const kind = json.type === 'integer' ? 'a whole number' : 'a number';
    if (json.minimum !== undefined && json.maximum !== undefined) return `${kind}, ${json.minimum}–${json.maximum}`;
    if (json.exclusiveMinimum !== undefined) return `${kind} > ${json.exclusiveMinimum}`;
    if (json.minimum !== undefined) return `${kind} ≥ ${json.minimum}`;
    return kind;
  }
  if (inner instanceof z.ZodURL) return 'a URL';
  if (inner instanceof z.ZodEmail) return 'an e-mail address';
  return '';
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** docs/operations/configuration.md: every variable of `envSchema`, grouped, with its default and meaning. */
export function configurationMarkdown(): string {
  const names = Object.keys(envSchema.shape) as EnvironmentVariable[];
  const lines = [
    '# Configuration reference',
    '',
    '<!-- Generated from server/src/config.ts and server/src/config/variables.ts by `npm run docs:config`; do not edit by hand. -->',
    '',
    'Atrium is configured by environment variables only; a `.env` file in the working directory is',
    'read if present. These are every variable the server reads (`envSchema` in',
    '`server/src/config.ts`), each listed once. The server checks them all at start-up and refuses',
    'to start, naming each wrong variable, when one is invalid. An empty value counts as unset.',
    '',
  ];
  for (const group of VARIABLE_GROUPS) {
    const inGroup = names.filter((name) => CONFIG_VARIABLES[name].group === group);
    if (!inGroup.length) continue;
    lines.push(`## ${group}`, '', '| variable | default | accepts | what it does |', '|---|---|---|---|');
    for (const name of inGroup) {
      const schema = envSchema.shape[name] as z.ZodType;
      const doc = CONFIG_VARIABLES[name];
      const fromSchema = schemaDefault(schema);
      const shownDefault = fromSchema !== null ? `\`${fromSchema}\`` : (doc.defaultText ?? 'unset');
      lines.push(`| \`${name}\` | ${cell(shownDefault)} | ${cell(accepted(schema))} | ${cell(doc.meaning)} |`);
    }
    lines.push('');
  }
  lines.push(
    '## Read by the tools, not the server',
    '',
    '| variable | read by | what it does |',
    '|---|---|---|',
    '| `MALLOC_ARENA_MAX` | `npm start` (`scripts/serverProcess.mjs`) | set to `2` for the server unless given: caps glibc’s malloc arenas, which argon2’s worker threads would otherwise multiply |',
    '| `MYSQL_URL` | `npm test` | a MariaDB/MySQL server whose user may create databases: the server tests run on it as well as on SQLite |',
    '| `REQUIRE_MYSQL`, `REQUIRE_BROWSER`, `REQUIRE_REDIS` | `npm test` | `1` turns a suite skipped for want of MariaDB, Chromium or Redis into a failure (CI sets them) |',
    '| `CHROMIUM_PATH` | `npm test` (browser journeys) | Chromium’s path, `/usr/bin/chromium` by default |',
    '',
  );
  return lines.join('\n');
}

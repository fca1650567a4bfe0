import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { envSchema } from '../config.ts';
import { CONFIGURATION_DOC_PATH, configurationMarkdown } from './configurationDoc.ts';
import { CONFIG_VARIABLES } from './variables.ts';

const root = resolve(import.meta.dirname, '../../..');

describe('the configuration reference', () => {
  it('is what `npm run docs:config` writes from envSchema and config/variables.ts', () => {
    const committed = readFileSync(resolve(root, CONFIGURATION_DOC_PATH), 'utf8');
    // A mismatch means a variable, default or description changed without the document: run `npm run docs:config`.
    expect(committed, `${CONFIGURATION_DOC_PATH} is stale: run \`npm run docs:config\``).toBe(configurationMarkdown());
  });

  it('lists every variable the server reads exactly once', () => {
    const markdown = configurationMarkdown();
    for (const name of Object.keys(envSchema.shape)) {
      expect(markdown.split(`| \`${name}\` |`).length - 1, name).toBe(1);
    }
  });

  it('gives a default in words only where the schema has none', () => {
    for (const [name, doc] of Object.entries(CONFIG_VARIABLES)) {
      const schema = envSchema.shape[name as keyof typeof envSchema.shape];
      if (doc.defaultText) expect(schema.def.type, `${name} has a default in its schema: drop defaultText`).not.toBe('default');
    }
  });
});

// `npm run docs:config`: writes docs/operations/configuration.md from envSchema and config/variables.ts.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { CONFIGURATION_DOC_PATH, configurationMarkdown } from './configurationDoc.ts';

const target = resolve(import.meta.dirname, '../../..', CONFIGURATION_DOC_PATH);
writeFileSync(target, configurationMarkdown());
console.log(`wrote ${CONFIGURATION_DOC_PATH}`);

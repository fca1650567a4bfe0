// `npm run docs:api`: writes docs/api.md from the route table.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildRoutes } from '../index.ts';
import { API_SUMMARY_PATH, apiSummaryMarkdown } from './apiSummary.ts';

writeFileSync(resolve(import.meta.dirname, '../../../..', API_SUMMARY_PATH), apiSummaryMarkdown(buildRoutes().table));
console.log(`wrote ${API_SUMMARY_PATH}`);

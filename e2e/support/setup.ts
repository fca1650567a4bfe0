import { afterEach, beforeAll } from 'vitest';
import { afterBrowserTest, beforeBrowserFile } from './browser.ts';

// A setup file runs for every test file, while the journeys share their modules (the e2e project
// does not isolate files): hooks registered when browser.ts is first imported would cover only
// the first file.
beforeAll(beforeBrowserFile);
afterEach(afterBrowserTest);

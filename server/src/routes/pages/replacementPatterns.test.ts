import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { PortalPages } from '../../services/portalPages.ts';
import { createCourse, enroll } from '../../test/factories.ts';
import { inviteToken, learner, schoolWithManager } from '../../test/schools.ts';
import { useTestServer } from '../../test/useTestServer.ts';

// Issue 50.2: text a user typed never changes the shape of a page the server draws. The
// template is filled with String.replace, whose string replacements read `$&`, `` $` ``, `$'`
// and `$$` as patterns (the match, the text before it, the text after it, a dollar).
const server = useTestServer();
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const BROWSER = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const PATTERNS = ['$`', "$'", '$&', '$$'];
/** Text as React writes it into the markup. */
const asMarkup = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#x27;');

beforeAll(() => {
  if (!new PortalPages().isBuilt()) {
    const build = spawnSync('npm', ['run', 'build', '-w', 'portal'], {
      cwd: root,
      stdio: 'inherit',
      // Built as `npm run build` builds it: under Vitest's NODE_ENV=test the server-side build
      // calls React's development JSX runtime, which its bundled production React lacks.
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0) throw new Error('npm run build -w portal failed');
  }
}, 180_000);

/** The page is one document, and its data block is the JSON the server meant. */
function pageState(html: string): { user: { firstName: string; company: string | null } | null } {
  for (const tag of ['<head>', '</head>', '<body', '</body>', 'id="atrium-state"', '<div id="root">']) expect(html.split(tag), tag).toHaveLength(2);
  const block = /<script type="application\/json" id="atrium-state">([\s\S]*?)<\/script>/.exec(html);
  expect(block).not.toBeNull();
  return JSON.parse(block![1]!);
}

describe('a user’s own text in the server-drawn dashboard', () => {
  it.each(PATTERNS)('a first name holding %s is written as typed, and the page keeps its shape', async (pattern) => {
    const firstName = `Q${pattern}W`;
    const { client, user } = await learner(server, { firstName });
    const course = await createCourse(server, { title: `Photos ${pattern} for schools` });
    await enroll(server.db, user.id, course.id);
    const page = await client.get('/', BROWSER);
    expect(page.status).toBe(200);
    const state = pageState(page.text);
    expect(state.user?.firstName).toBe(firstName);
    expect(page.text).toContain(`Welcome, ${asMarkup(firstName)}!`);
  });

  it.each(PATTERNS)('a school renamed with %s does not break the dashboard of someone who joins it afterwards', async (pattern) => {
    const { client: manager, schoolId } = await schoolWithManager(server, 'Oak Academy');
    const renamed = `Oak ${pattern} Academy`;
    expect((await manager.patch(`/api/schools/${schoolId}`, { name: renamed })).status).toBe(200);
    const token = await inviteToken(manager, schoolId);
    const { client } = await learner(server);
    expect((await client.post(`/api/invites/${token}/accept`)).status).toBe(201);
    const page = await client.get('/', BROWSER);
    expect(page.status).toBe(200);
    expect(pageState(page.text).user?.company).toBe(renamed);
  });
});

describe('the landing page', () => {
  it('writes course titles holding every pattern as they are', async () => {
    const title = "Photos $& $` $' $$ for schools";
    await createCourse(server, { title });
    const page = await server.client().get('/', BROWSER);
    expect(page.status).toBe(200);
    pageState(page.text);
    expect(page.text).toContain(asMarkup(title));
  });
});

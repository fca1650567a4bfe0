import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { landingContent } from '../../../../portal/src/content/landing.ts';
import { PortalPages } from '../../services/portalPages.ts';
import { writeCatalogue } from '../../commands/catalogue/write.ts';
import { createCourse, createUser, enroll, signIn } from '../../test/factories.ts';
import { createTestServer } from '../../test/server.ts';
import { useTestServer } from '../../test/useTestServer.ts';

const server = useTestServer({ smtp: true });
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const BROWSER = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

/** The page as a reader without JavaScript gets it: the text between the tags, entities decoded. */
function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;|\u00a0/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { 'content-type': 'application/x-www-form-urlencoded', ...BROWSER };

beforeAll(() => {
  // The page is the portal's own build (npm run build runs before the suites in CI).
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

describe('GET / for a visitor', () => {
  it('holds the whole landing page: course titles, prices in the visitor’s currency, the FAQ and the contact form', async () => {
    await createCourse(server, { title: 'Smartphone Photography for Schools', price: 4900, priceUsd: 5900, priceEur: 5500 });
    await createCourse(server, { title: 'Podcasting on a Shoestring', price: 2900, priceUsd: 3500, priceEur: 3300 });

    const uk = await server.client().get('/', { ...BROWSER, 'accept-language': 'en-GB,en;q=0.8' });
    expect(uk.status).toBe(200);
    expect(uk.headers.get('content-type')).toContain('text/html');
    const text = textOf(uk.text);
    expect(text).toContain('Smartphone Photography for Schools');
    expect(text).toContain('Podcasting on a Shoestring');
    expect(text).toContain('£49.00');
    expect(text).toContain('£29.00');
    expect(text).toContain(landingContent.hero.title);
    for (const item of landingContent.faq.items) expect(text).toContain(item.question);
    // The pricing question is answered with the catalogue's figures.
    expect(text).toContain('Most courses are £49.00');
    // The contact form posts by itself when no script runs.
    expect(uk.text).toMatch(/<form[^>]*action="\/contact"[^>]*method="post"|<form[^>]*method="post"[^>]*action="\/contact"/);
    for (const field of ['name', 'email', 'company', 'phone', 'message']) expect(uk.text).toContain(`name="${field}"`);
    expect(uk.text).not.toContain('This site needs JavaScript');
    // styled-components' styles came with it, in the head.
    expect(uk.text).toMatch(/<style data-styled="true"[^>]*>[^<]{1000,}<\/style>[\s\S]*<\/head>/);

    const us = await server.client().get('/', { ...BROWSER, 'accept-language': 'en-US,en;q=0.8' });
    expect(textOf(us.text)).toContain('$59.00');
    expect(textOf(us.text)).not.toContain('£49.00');
    const euro = await server.client().get('/', { ...BROWSER, cookie: 'atrium_currency=EUR', 'accept-language': 'en-GB' });
    expect(textOf(euro.text)).toContain('€55.00');
    expect(us.headers.get('vary')).toMatch(/Accept-Language/);
    expect(us.headers.get('vary')).toMatch(/Cookie/);
  });

  it('keeps the CSP: no inline script, only the answers as a JSON data block', async () => {
    const page = await server.client().get('/', BROWSER);
    const csp = page.headers.get('content-security-policy') ?? '';
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).not.toContain('unsafe-inline');
    const scripts = [...page.text.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    for (const [, attributes, body] of scripts) {
      if (body!.trim()) expect(attributes).toContain('type="application/json"');
      else expect(attributes).toMatch(/src="\/assets\//);
    }
    const data = /<script type="application\/json" id="atrium-state">([\s\S]*?)<\/script>/.exec(page.text)?.[1];
    const state = JSON.parse(data!);
    expect(state.user).toBeNull();
    expect(state.courses.length).toBeGreaterThan(0);
    expect(state.currency.currency).toMatch(/GBP|USD|EUR/);
  });

  it('shows a catalogue change on the next visit', async () => {
    const course = await createCourse(server, { title: 'Video Basics', price: 1900 });
    expect(textOf((await server.client().get('/', BROWSER)).text)).toContain('Video Basics');
    await writeCatalogue(server, (trx) => trx('courses').where({ id: course.id }).update({ title: 'Video Basics, Revised' }));
    expect(textOf((await server.client().get('/', BROWSER)).text)).toContain('Video Basics, Revised');
  });

  it('escapes what the catalogue says: a title cannot open a script', async () => {
    await createCourse(server, { title: '</script><script>alert(1)</script>', price: 100 });
    const page = await server.client().get('/', BROWSER);
    expect(page.text).not.toContain('<script>alert(1)');
  });
});

describe('GET / for a signed-in user', () => {
  it('draws the frame and the dashboard, and carries the session’s and the dashboard’s answers to hydrate from, never stored', async () => {
    const course = await createCourse(server, { title: 'Safeguarding-Friendly Photos', price: 3900 });
    const user = await createUser(server.db, { firstName: 'Ada' });
    await enroll(server.db, user.id, course.id);
    const client = server.client();
    await signIn(client, user);
    const page = await client.get('/', BROWSER);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const text = textOf(page.text);
    expect(text).toContain('Welcome, Ada!');
    expect(text).toContain('Safeguarding-Friendly Photos');
    expect(text).toContain('Enrolled Courses');
    expect(text).not.toContain('Loading your dashboard');
    expect(page.text).toMatch(/<header[^>]*>/);
    expect(page.text).not.toContain(landingContent.hero.title);
    const state = JSON.parse(/<script type="application\/json" id="atrium-state">([\s\S]*?)<\/script>/.exec(page.text)![1]!);
    expect(state.markup).toBe('hydrate');
    expect(state.user.email).toBe(user.email);
    expect(state.user.passwordHash).toBeUndefined();
    // The same answer GET /api/dashboard gives.
    expect(state.dashboard).toEqual((await client.get('/api/dashboard')).body);
    expect(state.dashboard.courses.find((entry: { id: number }) => entry.id === course.id).isEnrolled).toBe(true);
    // Every price on the dashboard as the server wrote it, so the browser builds no formatter for them.
    for (const entry of state.dashboard.courses as Array<{ price: number }>) {
      if (entry.price > 0)
        expect(Object.entries(state.money).find(([key]) => key.endsWith(`|GBP|${entry.price}`))?.[1]).toBe(`£${(entry.price / 100).toFixed(2)}`);
    }
    // A drawn page is painted before the app is requested: none of the app's preloads, which any
    // other address has (it shows nothing until the app runs).
    expect(page.text).toMatch(/<script type="module" crossorigin src="\/assets\/index-[^"]+\.js">/);
    expect(page.text).not.toContain('data-app');
    expect((await client.get('/profile', BROWSER)).text).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/startApp-[^"]+\.js" data-app>/);
  });
});

describe('POST /contact (the landing page’s form without JavaScript)', () => {
  it('stores the message, mails it, and brings the visitor back to the landing page saying "Message sent!" (issue 53)', async () => {
    const response = await server.client().request('POST', '/contact', {
      raw: form({ source: 'landing', name: 'Grace Hopper', email: 'grace@harbour.test', company: '', phone: '', message: 'Invoices for the whole staff?' }),
      headers: FORM,
    });
    // The page the app shows after a send, not one of its own; a reload does not post again.
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/?sent=1#contact');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const row = await server.db('contactMessages').where({ email: 'grace@harbour.test' }).first();
    expect(row).toMatchObject({ name: 'Grace Hopper', message: 'Invoices for the whole staff?', source: 'landing', company: null, phone: null });
    await server.smtp.waitFor((mail) => mail.raw.includes('Invoices for the whole staff?'));

    const landing = await server.client().get('/?sent=1', BROWSER);
    expect(landing.status).toBe(200);
    const text = textOf(landing.text);
    expect(text).toContain(landingContent.hero.title);
    expect(text).toContain(`${landingContent.contact.sent.title} ${landingContent.contact.sent.body}`);
    // The page state says so too, so that the app hydrates the same page.
    expect(landing.text).toContain('"contactSent":true');
    // Only after a send: the plain page, or any other value, does not say it.
    for (const path of ['/', '/?sent=yes', '/?sent=1&sent=1', '/?utm_source=mail']) {
      const other = await server.client().get(path, BROWSER);
      expect(other.status, path).toBe(200);
      expect(textOf(other.text), path).not.toContain(landingContent.contact.sent.title);
    }
  });

  it('counts the plain post against the contact form’s limit, shared with POST /api/contact', async () => {
    const limited = await createTestServer({ RATE_LIMIT_MULTIPLIER: '1' });
    try {
      const client = limited.client();
      const fields = form({ name: 'Spam', email: 'spam@x.test', message: 'Hello' });
      const statuses: number[] = [];
      for (let i = 0; i < 10; i += 1) statuses.push((await client.post('/api/contact', { name: 'Spam', email: 'spam@x.test', message: `#${i}` })).status);
      for (let i = 0; i < 11; i += 1) statuses.push((await client.request('POST', '/contact', { raw: fields, headers: FORM })).status);
      expect(statuses.slice(10, 20).every((status) => status === 303)).toBe(true);
      expect(statuses[20]).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('names each problem on a page and stores nothing', async () => {
    const before = await server.db('contactMessages').count({ n: '*' }).first();
    const response = await server.client().request('POST', '/contact', { raw: form({ name: '', email: 'not-an-address', message: '' }), headers: FORM });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('text/html');
    const text = textOf(response.text);
    expect(text).toContain('Name is required');
    expect(text).toContain('Message is required');
    expect(text).toMatch(/valid email/i);
    expect(response.text).toContain('href="/#contact"');
    expect(await server.db('contactMessages').count({ n: '*' }).first()).toEqual(before);
  });

  it('takes only a form body, and keeps the origin check for a signed-in browser', async () => {
    const json = await server.client().post('/contact', { name: 'A', email: 'a@b.test', message: 'Hi' });
    expect(json.status).toBe(415);
    const user = await createUser(server.db);
    const client = server.client();
    await signIn(client, user);
    const fields = form({ name: 'Ann', email: 'ann@school.test', message: 'Hello' });
    const crossSite = await client.request('POST', '/contact', { raw: fields, headers: { ...FORM, origin: 'https://evil.example' } });
    expect(crossSite.status).toBe(403);
    const sameSite = await client.request('POST', '/contact', { raw: fields, headers: { ...FORM, origin: server.url } });
    expect(sameSite.status).toBe(303);
  });
});

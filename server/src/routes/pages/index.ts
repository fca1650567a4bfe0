import { createHash } from 'node:crypto';
import { bodyParser } from '@koa/bodyparser';
import type { Middleware } from 'koa';
import { z } from 'zod';
import { contactSchema, type Currency, type DashboardDto } from '@atrium/common';
import { receiveContactMessage } from '../../commands/contact.ts';
import type { AppContextExtensions, AppState } from '../../context.ts';
import { unsupportedMediaType } from '../../errors.ts';
import { notBuiltPage } from '../../middlewares/staticFiles.ts';
import { presentPublicConfig } from '../../presenters/config.ts';
import { anyIdentityProvider } from '../../queries/identityProviders.ts';
import { catalogueSummary } from '../../presenters/courses.ts';
import { hasSteps } from '../../services/catalogue.ts';
import { presentDashboardJson } from '../../presenters/dashboard.ts';
import { presentUser } from '../../presenters/users.ts';
import { announceCurrency, shownCurrency } from '../../services/currency.ts';
import type { PageState } from '../../services/portalPages.ts';
import type { AppContext } from '../../context.ts';
import type { Routes } from '../define.ts';

/** The form body of the landing page's contact form, posted without JavaScript. */
const parseForm = bodyParser({ enableTypes: ['form'], formLimit: '64kb', parsedMethods: ['POST'] });
const readForm: Middleware<AppState, AppContextExtensions> = (ctx, next) => {
  if (!ctx.is('application/x-www-form-urlencoded')) throw unsupportedMediaType('Send the form as application/x-www-form-urlencoded');
  return parseForm(ctx, next);
};

/** Where the contact form's plain post lands: the landing page, its contact section saying "Message sent!". */
export const CONTACT_SENT_PATH = '/?sent=1#contact';

/** `?sent=1`: the landing page after the contact form's plain post. Anything else (a campaign's tags) is ignored. */
const landingQuery = z.object({ sent: z.literal('1').optional().catch(undefined) });

/**
 * Rendered landing pages by what they show: the catalogue as the course list sends it, the
 * currency and the locale. A render takes milliseconds of CPU per course, so it is done once per
 * change of the catalogue (the cache reloads it every few seconds; an unchanged one keeps its
 * page), not per visit. Per app, since each app has its own database.
 */
const rendered = new WeakMap<AppContext['deps'], Map<string, Promise<string>>>();
/** Locales come from a header anyone can write: a bounded number of pages is kept. */
const MAX_PAGES = 64;

/**
 * The locale a page writes its prices in: Accept-Language's first tag that Intl knows, in its
 * canonical spelling (the browser is told it in the page, so both write the same text).
 */
function pageLocale(acceptLanguage: string): string | undefined {
  for (const part of acceptLanguage.split(',').slice(0, 5)) {
    const tag = part.split(';')[0]!.trim();
    if (!tag || tag === '*' || tag.length > 35) continue;
    try {
      const [supported] = Intl.NumberFormat.supportedLocalesOf([tag]);
      if (supported) return Intl.getCanonicalLocales(supported)[0];
    } catch {
      // Not a well-formed tag: try the next one.
    }
  }
  return undefined;
}

async function landingPage(ctx: AppContext, currency: Currency, locale: string | undefined, contactSent: boolean): Promise<string> {
  const { catalogue: cache, config, pages } = ctx.deps;
  const courses = [...(await cache.get()).courses.values()].map((entry) => catalogueSummary(entry.totals));
  const ssoStart = await anyIdentityProvider(ctx.deps.db);
  let byKey = rendered.get(ctx.deps);
  if (!byKey) rendered.set(ctx.deps, (byKey = new Map()));
  const key = `${currency}|${locale ?? ''}|${contactSent ? 'sent' : ''}|${ssoStart ? 'sso' : ''}|${createHash('sha256').update(JSON.stringify(courses)).digest('base64url')}`;
  let page = byKey.get(key);
  if (!page) {
    if (byKey.size >= MAX_PAGES) byKey.clear();
    const state: PageState = {
      user: null,
      currency: { currency },
      courses,
      config: presentPublicConfig(config, ssoStart),
      locale,
      ...(contactSent && { contactSent }),
    };
    page = pages.landing(state);
    byKey.set(key, page);
    // A failed render is not kept: the next visitor tries again.
    page.catch(() => byKey.delete(key));
  }
  return page;
}

/**
 * The pages the server writes itself rather than serving a file: "/" (the landing page rendered
 * with its content for a visitor, the app's shell with the session's answer for a signed-in
 * user) and the contact form's plain post.
 */
export function pageRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/',
    access: 'public',
    query: landingQuery,
    answer: { contentType: 'text/html' },
    async handler(ctx) {
      const { pages, config } = ctx.deps;
      ctx.type = 'html';
      if (!pages.isBuilt()) {
        ctx.set('Cache-Control', 'no-store');
        ctx.body = notBuiltPage(config.brandName);
        return;
      }
      const currency = shownCurrency(ctx);
      announceCurrency(ctx, currency);
      const user = ctx.state.user;
      if (user) {
        // The dashboard is drawn in the page from the session check's and the dashboard's answers,
        // which the page carries too (GET /api/user and GET /api/dashboard would answer the same),
        // so neither needs a request. Personal, so never stored.
        ctx.set('Cache-Control', 'no-store');
        const { catalogue, database } = ctx.deps;
        const current = await catalogue.get();
        const figures = await database.enrolledCourseFigures(user.id, (courseId) => hasSteps(current, courseId));
        const state: PageState = {
          user: presentUser(user),
          currency: { currency },
          config: presentPublicConfig(config, await anyIdentityProvider(ctx.deps.db)),
          dashboard: JSON.parse(presentDashboardJson(current, figures, currency).toString('utf8')) as DashboardDto,
          locale: pageLocale(ctx.get('accept-language')),
        };
        try {
          ctx.body = await pages.dashboard(state);
        } catch (error) {
          ctx.state.log.error({ err: error }, 'dashboard render failed; sent the shell');
          ctx.body = await pages.shell(state);
        }
        return;
      }
      // Depends on the cookie (currency, session) and Accept-Language (currency, locale), which
      // announceCurrency lists in Vary; checked again on every visit.
      ctx.set('Cache-Control', 'no-cache');
      const locale = pageLocale(ctx.get('accept-language'));
      try {
        ctx.body = await landingPage(ctx, currency, locale, ctx.input.query.sent === '1');
      } catch (error) {
        // The browser can still render the page itself from the same answers.
        ctx.state.log.error({ err: error }, 'landing page render failed; sent the shell');
        ctx.body = await pages.shell({ user: null, currency: { currency } });
      }
    },
  });

  routes.add({
    method: 'post',
    path: '/contact',
    access: 'public',
    // The same limit and the same rules as POST /api/contact; a problem is answered by the error
    // handler as a page listing each field's problem (middlewares/errors.ts).
    rateLimit: { limit: 'contact', by: 'ip' },
    before: [readForm],
    body: contactSchema,
    answer: { status: 303 },
    async handler(ctx) {
      const input = ctx.input.body;
      const { db, clock, mailer, config } = ctx.deps;
      const messageId = await receiveContactMessage(db, clock, mailer, config, input);
      ctx.state.log.info({ contactMessageId: messageId, source: input.source, form: true }, 'contact message received');
      // Back to the landing page's contact section, which says "Message sent!" (issue 53): the page
      // the app shows after a send with script, not a page of its own; a reload does not post again.
      ctx.status = 303;
      ctx.set('Cache-Control', 'no-store');
      ctx.redirect(CONTACT_SENT_PATH);
    },
  });
}

// The home page ("/": the landing page or a learner's dashboard) rendered on the server (built by `vite build --ssr`, loaded by
// server/src/services/landingRenderer.ts). The same tree as startApp.tsx, from the same answers.
import './zodSetup.ts';
import { StrictMode, type ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { collectFormattedMoney } from '@atrium/common/rules/currency';
import { pinReader } from '@atrium/common/rules/dates';
import { StaticRouter } from 'react-router';
import { Writable } from 'node:stream';
import { ServerStyleSheet } from 'styled-components';
import { createQueryClient } from './api/client.ts';
import { AppProviders } from './App.tsx';
import { pinReaderLocale, shownPrice } from './components/coursePrice.ts';
import { landingContent } from './content/landing.ts';
import { AppRoutes } from './routes.tsx';
import { seedPageState, type PageState } from './ssr/pageState.ts';

export interface RenderedPage {
  /** The markup of `<div id="root">`. */
  html: string;
  /** styled-components' `<style data-styled>` tags for everything in `html`. */
  styles: string;
  /** The document title usePageTitle() sets in the browser. */
  title: string;
  /** The amounts of money the page shows as written (PageState.money). */
  money: Record<string, string>;
}

export { serializePageState, PAGE_STATE_ID, type PageState } from './ssr/pageState.ts';

let queue: Promise<unknown> = Promise.resolve();

/**
 * "/" with every section in the HTML: the landing page for a visitor, the signed-in frame and the
 * dashboard for a learner (from the dashboard's answer in `state`). React's streaming renderer
 * runs to the end (`onAllReady`: lazy parts such as the frame, the dashboard and the landing's
 * phone menu resolve on the server too) and the whole is sent at once, since styled-components can
 * only say which styles the page needs once it has been rendered, and those belong in the head.
 * Renders take turns: the locale prices are written in is module state (components/coursePrice.ts),
 * as it is in the browser.
 */
export function renderHome(state: PageState): Promise<RenderedPage> {
  return inTurn(state, <AppRoutes />);
}

function inTurn(state: PageState, page: ReactNode): Promise<RenderedPage> {
  const next = queue.then(() => render(state, page));
  queue = next.catch(() => undefined);
  return next;
}

function render(state: PageState, page: ReactNode): Promise<RenderedPage> {
  const queryClient = createQueryClient();
  seedPageState(queryClient, state);
  pinReaderLocale(state.locale);
  // Dates in the visitor's locale as well; their time zone is the browser's to know, so the page's
  // few dates (calendar days: deadlines) are drawn as days, which no zone moves.
  pinReader({ locale: state.locale });
  const sheet = new ServerStyleSheet();
  const money = collectFormattedMoney();
  // The dashboard draws its cards after the first few in the browser: their prices are written
  // here too, so that they cost the browser no formatter either.
  for (const course of state.dashboard?.courses ?? []) shownPrice(course, state.currency.currency);
  const tree = sheet.collectStyles(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <StaticRouter location={state.contactSent ? '/?sent=1' : '/'}>{page}</StaticRouter>
      </AppProviders>
    </StrictMode>,
  );
  return new Promise<RenderedPage>((resolve, reject) => {
    let html = '';
    let failed: unknown = null;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString();
        done();
      },
      final(done) {
        done();
        if (failed) return;
        try {
          resolve({
            html,
            styles: sheet.getStyleTags(),
            title: [state.user ? 'Dashboard' : landingContent.meta.title, state.config?.brandName].filter(Boolean).join(' · '),
            money: money(),
          });
        } catch (error) {
          reject(error);
        } finally {
          sheet.seal();
          queryClient.clear();
        }
      },
    });
    const stream = renderToPipeableStream(tree, {
      // Every boundary in place: React would otherwise send a large one (the dashboard's) as its
      // fallback first and its content after, swapped in by an inline script the CSP refuses.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        stream.pipe(sink);
      },
      onShellError(error) {
        failed = error;
        money();
        sheet.seal();
        reject(error);
      },
      onError(error) {
        // A boundary that failed on the server would be rendered by the browser alone: a page
        // that hides its content from a visitor without JavaScript is a failed render here.
        failed = error;
        money();
        reject(error);
      },
    });
  });
}

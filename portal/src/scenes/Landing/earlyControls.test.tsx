import { screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../api/client.ts';
import { AppProviders } from '../../App.tsx';
import { landingContent } from '../../content/landing.ts';
import { mockApi, ok, publicConfig } from '../../test/api.ts';
import { renderScene } from '../../test/render.tsx';
import { ContactSection } from './ContactSection.tsx';
import { Faq } from './Faq.tsx';

/** What the server writes for `ui`: the markup a visitor clicks before the app has loaded. */
function serverMarkup(ui: React.ReactElement, location = '/'): HTMLElement {
  const html = renderToString(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[location]}>{ui}</MemoryRouter>
    </AppProviders>,
  );
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
}

/** Issue 53: the landing page's controls work from the server's HTML, before hydration. */
describe('the landing page before its app has loaded', () => {
  it('the FAQ is native disclosures: each question a <summary> that opens its answer, one at a time, with no script', () => {
    const root = serverMarkup(<Faq courses={undefined} />);
    const items = [...root.querySelectorAll('details')];
    expect(items).toHaveLength(landingContent.faq.items.length);
    for (const [index, details] of items.entries()) {
      const item = landingContent.faq.items[index]!;
      // `name` makes the browser close the open one (one at a time); closed until asked.
      expect(details.getAttribute('name')).toBe('faq');
      expect(details.hasAttribute('open')).toBe(false);
      expect(details.firstElementChild?.tagName).toBe('SUMMARY');
      expect(details.querySelector('summary h3')?.textContent).toBe(item.question);
      if (item.topic !== 'pricing') expect(details.querySelector('[role="region"]')?.textContent).toBe(item.answer);
    }
    // No answer hidden behind a button that only the app can press.
    expect(root.querySelector('button')).toBeNull();
    expect(root.querySelector('[hidden]')).toBeNull();
  });

  it('after the form’s plain post (/?sent=1) the contact section says "Message sent!", in the server’s markup too', async () => {
    const root = serverMarkup(<ContactSection />, '/?sent=1');
    expect(root.querySelector('[role="status"]')?.textContent).toContain('Message sent!');
    expect(serverMarkup(<ContactSection />).querySelector('[role="status"]')).toBeNull();

    mockApi({ 'GET /api/user': ok(null), 'GET /api/config': ok(publicConfig) });
    renderScene(<ContactSection />, { route: '/?sent=1' });
    const status = (await screen.findByText(landingContent.contact.sent.title)).closest('[role="status"]');
    expect(status?.textContent).toBe(`${landingContent.contact.sent.title} ${landingContent.contact.sent.body}`);
  });
});

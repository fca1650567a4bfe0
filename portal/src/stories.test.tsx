import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { act, render } from '@testing-library/react';
import axe from 'axe-core';
import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import preview from '../../storybook/preview.tsx';

setProjectAnnotations(preview);

type StoryModule = Parameters<typeof composeStories>[0];

/**
 * Every portal story renders with nothing but Storybook's decorators (no QueryClient, no session):
 * a story that throws, renders nothing or logs a console error fails, and axe-core checks what it
 * drew. Colour contrast needs a real layout, which happy-dom has not: the screenshot suite
 * (storybook/screens) runs axe again in Chromium with every rule.
 */
const modules = import.meta.glob<StoryModule>('./**/*.stories.tsx', { eager: true });

const AXE_RULES = { type: 'tag' as const, values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] };
// happy-dom lays nothing out, so these rules cannot judge (the Chromium suite runs them).
const NEEDS_LAYOUT = { 'color-contrast': { enabled: false }, 'scrollable-region-focusable': { enabled: false } };
// A story is a fragment of a page, not a page: it has no <main>, <h1> or title of its own.
const NOT_A_PAGE = { region: { enabled: false }, 'page-has-heading-one': { enabled: false }, 'landmark-one-main': { enabled: false } };

let consoleErrors: string[] = [];
beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args.map(String).join(' '));
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('portal stories', () => {
  it('finds the stories', () => {
    expect(Object.keys(modules).length).toBeGreaterThanOrEqual(1);
  });

  for (const [file, module] of Object.entries(modules)) {
    const stories = Object.entries(composeStories(module)) as Array<[string, ComponentType]>;
    describe(file, () => {
      it.each(stories.map(([name, Story]) => [name, Story] as const))('%s renders without a console error and passes axe', async (_name, Story) => {
        const { container } = render(<Story />);
        // Lazy parts (the toast layer) and effects settle before the story is judged.
        await act(async () => {
          await new Promise((done) => setTimeout(done, 0));
        });
        expect(document.body.textContent?.trim() || container.querySelector('svg')).toBeTruthy();
        expect(consoleErrors, 'console errors while rendering').toEqual([]);
        const result = await axe.run(document.body, { runOnly: AXE_RULES, rules: { ...NEEDS_LAYOUT, ...NOT_A_PAGE }, resultTypes: ['violations'] });
        const described = result.violations.map((v) => `${v.id}: ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`);
        expect(described, 'axe violations').toEqual([]);
      });
    });
  }
});

import './test/setup.ts';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import preview from '../../storybook/preview.tsx';

setProjectAnnotations(preview);

type StoryModule = Parameters<typeof composeStories>[0];

/** Every widget story renders (portable stories): a story that throws or renders nothing fails. */
const modules = import.meta.glob<StoryModule>('./**/*.stories.tsx', { eager: true });

describe('widget stories', () => {
  it('finds the stories', () => {
    expect(Object.keys(modules).length).toBeGreaterThanOrEqual(5);
  });

  for (const [file, module] of Object.entries(modules)) {
    const stories = Object.entries(composeStories(module)) as Array<[string, ComponentType & { play?: unknown }]>;
    describe(file, () => {
      it.each(stories.map(([name, Story]) => [name, Story] as const))('%s renders', (_name, Story) => {
        const { container } = render(<Story />);
        expect(container.textContent?.trim() || container.querySelector('svg, [part]')).toBeTruthy();
        expect(container.querySelector('[part]')).toBeTruthy();
      });
    });
  }
});

import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import preview from '../../storybook/preview.tsx';

setProjectAnnotations(preview);

type StoryModule = Parameters<typeof composeStories>[0];

/** Every portal story renders (portable stories): a story that throws or renders nothing fails. */
const modules = import.meta.glob<StoryModule>('./**/*.stories.tsx', { eager: true });

describe('portal stories', () => {
  it('finds the stories', () => {
    expect(Object.keys(modules).length).toBeGreaterThanOrEqual(1);
  });

  for (const [file, module] of Object.entries(modules)) {
    const stories = Object.entries(composeStories(module)) as Array<[string, ComponentType]>;
    describe(file, () => {
      it.each(stories.map(([name, Story]) => [name, Story] as const))('%s renders', (_name, Story) => {
        const { container } = render(<Story />);
        expect(container.textContent?.trim() || container.querySelector('svg')).toBeTruthy();
      });
    });
  }
});

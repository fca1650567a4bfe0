import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import type { ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import preview from '../preview.tsx';

/**
 * The page the screenshot suite (screens.test.ts) photographs: every story of the portal and the
 * widgets, composed with Storybook's own annotations (portable stories), drawn one at a time into
 * #root as Storybook's canvas would (padded unless the story asks for `layout: 'fullscreen'`).
 */
setProjectAnnotations(preview);

type StoryModule = Parameters<typeof composeStories>[0];
type Composed = ComponentType & { id: string; parameters?: StoryParameters };

/** What a story may say about its pictures: `parameters: { screens: { widths: [390] } }` or `{ skip: true }`. */
export interface StoryParameters {
  layout?: string;
  screens?: { widths?: number[]; skip?: boolean };
}

export interface ScreenStory {
  id: string;
  file: string;
  name: string;
  widths: number[];
}

const DEFAULT_WIDTHS = [1280, 390];

const modules = {
  ...import.meta.glob<StoryModule>('../../portal/src/**/*.stories.tsx', { eager: true }),
  ...import.meta.glob<StoryModule>('../../widgets/src/**/*.stories.tsx', { eager: true }),
};

const stories = new Map<string, { story: Composed; entry: ScreenStory }>();
for (const [path, module] of Object.entries(modules)) {
  const file = path.replace(/^(\.\.\/)+/, '');
  for (const [name, story] of Object.entries(composeStories(module)) as Array<[string, Composed]>) {
    const screens = story.parameters?.screens;
    if (screens?.skip) continue;
    stories.set(story.id, { story, entry: { id: story.id, file, name, widths: screens?.widths ?? DEFAULT_WIDTHS } });
  }
}

const container = document.getElementById('root')!;
let root: Root | null = null;

const frames = (count: number) =>
  new Promise<void>((done) => {
    const next = (left: number) => (left === 0 ? done() : requestAnimationFrame(() => next(left - 1)));
    next(count);
  });

/** Draws one story and resolves when it has settled: fonts loaded, lazy parts and images arrived. */
async function show(id: string): Promise<void> {
  const found = stories.get(id);
  if (!found) throw new Error(`no story ${id}`);
  root?.unmount();
  window.scrollTo(0, 0);
  container.dataset.layout = found.story.parameters?.layout === 'fullscreen' ? 'fullscreen' : 'padded';
  const errors: unknown[] = [];
  root = createRoot(container, { onUncaughtError: (error) => errors.push(error), onRecoverableError: (error) => errors.push(error) });
  const Story = found.story;
  root.render(<Story />);
  // A lazy part (the toast layer) arrives a few frames later; images must have their pixels.
  await frames(3);
  await new Promise((done) => setTimeout(done, 50));
  await document.fonts.ready;
  await Promise.all([...document.images].map((image) => (image.complete ? null : image.decode().catch(() => null))));
  await frames(2);
  // A story that focuses something on mount scrolled to it with the layout of that moment, which on
  // a busy machine can come before the fonts: scroll again now the layout has settled, the way
  // Chromium's focus() does (centre the element if it is out of view).
  const focused = document.activeElement;
  if (focused instanceof HTMLElement && focused !== document.body && container.contains(focused)) {
    window.scrollTo(0, 0);
    (focused as HTMLElement & { scrollIntoViewIfNeeded?: (center: boolean) => void }).scrollIntoViewIfNeeded?.(true);
    await frames(1);
  }
  // A story that threw, or drew nothing, is not photographed as a blank page.
  if (errors.length) throw new Error(`${id} failed to render: ${errors.map(String).join('; ')}`);
  if (!container.textContent?.trim() && !container.querySelector('svg, img, [part]')) throw new Error(`${id} rendered nothing`);
}

declare global {
  interface Window {
    atriumStories: ScreenStory[];
    atriumShow: (id: string) => Promise<void>;
  }
}

window.atriumStories = [...stories.values()].map(({ entry }) => entry);
window.atriumShow = show;

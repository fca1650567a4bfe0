import type { Decorator } from '@storybook/react-vite';

/**
 * The support chat's launcher and panel are position: fixed. A transformed frame becomes their
 * containing block, so a story shows them in a box of phone or desktop size instead of pinned to
 * the corner of the whole Storybook canvas.
 */
export const fixedFrame =
  (width: number | string = '100%', height = 640): Decorator =>
  (Story) => (
    <div
      style={{
        position: 'relative',
        width,
        height,
        transform: 'translateZ(0)',
        overflow: 'hidden',
        background: '#e9edf5',
        borderRadius: 12,
      }}
    >
      <Story />
    </div>
  );

/** A width to see a widget as a school page's column would show it. */
export const column =
  (maxWidth: number): Decorator =>
  (Story) => (
    <div style={{ maxWidth }}>
      <Story />
    </div>
  );

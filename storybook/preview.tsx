import { theme } from '@atrium/common/ui/theme';
import type { Preview } from '@storybook/react-vite';
// The bundled Inter, as the portal loads it: a story looks the same on every machine.
import '../portal/src/styles/fonts.css';

/**
 * Global story settings. The widgets bring their own tokens (CSS custom properties), so they
 * need no provider; a story that wants one adds its decorator beside the story.
 */
const preview: Preview = {
  // Widgets inherit the page's font, so the canvas gets the portal's, as the portal would give it.
  decorators: [
    (Story) => (
      <div style={{ fontFamily: theme.font.body }}>
        <Story />
      </div>
    ),
  ],
  parameters: {
    layout: 'padded',
    controls: { expanded: true },
    backgrounds: { options: { page: { name: 'Page', value: '#f7f8fb' }, white: { name: 'White', value: '#ffffff' } } },
  },
  initialGlobals: { backgrounds: { value: 'page' } },
};

export default preview;

import type { StorybookConfig } from '@storybook/react-vite';

/**
 * One Storybook for the monorepo. Stories live beside the components they show (widgets views,
 * portal components); this folder only holds configuration, decorators and mocks.
 */
const config: StorybookConfig = {
  stories: ['../widgets/src/**/*.stories.@(ts|tsx)', '../portal/src/**/*.stories.@(ts|tsx)'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  typescript: { reactDocgen: false },
};

export default config;

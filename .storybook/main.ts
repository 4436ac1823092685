import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';
import { mergeConfig } from 'vite';

const src = (pkg: string, file = 'index.ts') =>
  fileURLToPath(new URL(`../packages/${pkg}/src/${file}`, import.meta.url));

const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.@(ts|tsx)'],
  framework: { name: '@storybook/react-vite', options: {} },
  addons: ['@storybook/addon-vitest'],
  core: { disableTelemetry: true },
  viteFinal: (cfg) =>
    mergeConfig(cfg, {
      resolve: {
        alias: {
          // Subpaths before their package: a string alias also matches the subpaths of its name.
          '@toolpane/client/ai-sdk': src('client', 'ai-sdk.ts'),
          '@toolpane/client/history': src('client', 'history.ts'),
          '@toolpane/client/network': src('client', 'network.ts'),
          '@toolpane/client/session': src('client', 'session.ts'),
          '@toolpane/client/stream': src('client', 'stream.ts'),
          '@toolpane/client/inspect': src('client', 'inspect-entry.ts'),
          '@toolpane/client/resume-messages': src('client', 'resume-messages.ts'),
          '@toolpane/client': src('client'),
          // Before '@toolpane/react': a string alias also matches the subpaths of its name.
          '@toolpane/react/registry': src('react', 'registry-entry.ts'),
          '@toolpane/react': src('react'),
          '@toolpane/ui/inspector': src('ui', 'inspector-entry.ts'),
          '@toolpane/ui': src('ui'),
        },
      },
    }),
};

export default config;

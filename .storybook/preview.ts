import type { Preview } from '@storybook/react-vite';
import '../packages/ui/src/styles.css';
import '../stories/support/story.css';
import { expectNoAxeViolations } from '../stories/support/axe';

const preview: Preview = {
  parameters: {
    layout: 'padded',
    controls: { expanded: true },
  },
  globalTypes: {
    theme: {
      description: 'Colour theme of @toolpane/ui/styles.css',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light' },
          { value: 'dark', title: 'Dark' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light' },
  // Every story, in every test run, ends with an accessibility check of what it rendered.
  afterEach: async ({ canvasElement }) => {
    await expectNoAxeViolations(canvasElement);
  },
  decorators: [
    (Story, context) => {
      // The theme applies to the whole page, as an app would set it on <html>.
      document.documentElement.dataset.theme = context.globals.theme === 'dark' ? 'dark' : 'light';
      return Story();
    },
  ],
};

export default preview;

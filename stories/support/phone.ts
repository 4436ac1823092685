/**
 * A phone's viewport (an iPhone 12 to 15 is 390 px wide), for a story's `parameters` and
 * `globals`: Storybook shows the story at this size, and its test runner sets the browser's
 * viewport to it.
 */
export const PHONE = {
  parameters: {
    viewport: {
      options: {
        phone: { name: 'Phone', styles: { width: '390px', height: '844px' }, type: 'mobile' },
      },
    },
  },
  globals: { viewport: { value: 'phone', isRotated: false } },
} as const;

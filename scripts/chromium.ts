import { debianChromium } from './ensure-chromium.ts';

/**
 * How tests start Debian's Chromium: headless, as root, on a machine with no network, so the
 * background-networking flags keep it from trying to reach outside hosts.
 */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH || debianChromium,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

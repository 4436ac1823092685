// Story tests run in a real Chromium; fail early with a clear way to get one.
import { accessSync, constants } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
try {
  accessSync(path, constants.X_OK);
} catch {
  console.error(
    `Chromium not found at ${path}.\n` +
      "Story tests need it. Either install Debian's package (apt-get install -y chromium)\n" +
      'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
  );
  process.exit(1);
}

#!/usr/bin/env node
import { runCli } from './inspect/cli-run.js';

runCli(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`toolpane: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);

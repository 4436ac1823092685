#!/usr/bin/env node
import { readFile } from 'node:fs/promises';
import { formatTree, inspectState } from './inspect.js';
import { createFrameDecoder, sniffFormat } from './sources.js';
import { createToolpaneStore } from './store.js';

const USAGE = `Usage: toolpane inspect <file>... [--json]

Reads recorded Mastra streams (.jsonl of native or AI SDK chunks, or .sse bytes; detected) and
prints the tree of runs, subagents and tool calls. Several files are read in order into one state,
e.g. a stream and the continuation after an approval.

  --json   print { toolCalls, subagents, pendingApprovals } for machines
  --help   show this help`;

async function inspect(files: string[], json: boolean): Promise<number> {
  const store = createToolpaneStore({ now: () => 0 });
  for (const file of files) {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      process.stderr.write(`toolpane: cannot read ${file}: ${(error as Error).message}\n`);
      return 2;
    }
    const format = file.endsWith('.sse') ? 'sse' : sniffFormat(text.slice(0, 256));
    const decoder = createFrameDecoder(format, {
      value: (value) => store.dispatch(value),
      issue: (issue) => store.dispatch({ type: 'toolpane/issue', issue }),
    });
    decoder.feed(text);
    decoder.end();
    store.dispatch({ type: 'toolpane/stream-end' });
  }
  const state = store.getState();
  process.stdout.write(
    json ? `${JSON.stringify(inspectState(state), null, 2)}\n` : `${formatTree(state)}\n`,
  );
  return 0;
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h') {
    process.stdout.write(`${USAGE}\n`);
    return command === undefined ? 2 : 0;
  }
  if (command !== 'inspect') {
    process.stderr.write(`toolpane: unknown command "${command}"\n\n${USAGE}\n`);
    return 2;
  }
  const json = rest.includes('--json');
  const files = rest.filter((arg) => !arg.startsWith('--'));
  if (rest.includes('--help')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (files.length === 0) {
    process.stderr.write(`toolpane: inspect needs a file\n\n${USAGE}\n`);
    return 2;
  }
  return inspect(files, json);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`toolpane: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);

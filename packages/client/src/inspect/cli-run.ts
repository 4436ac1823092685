import { readFile } from 'node:fs/promises';
import { aiSdk } from '../ai-sdk.js';
import { network } from '../network.js';
import { createToolpaneStore } from '../store/store.js';
import { chunkSink } from '../stream/consume.js';
import { createFrameDecoder, sniffFormat } from '../stream/sources.js';
import { formatTree, inspectState, printable, printableJson } from './inspect.js';

const USAGE = `Usage: toolpane inspect <file>... [--json]

Reads recorded Mastra streams (.jsonl of native or AI SDK chunks, or .sse bytes; detected) and
prints the tree of runs, subagents and tool calls. Several files are read in order into one state,
e.g. a stream and the continuation after an approval.

  --json   print { toolCalls, subagents, pendingApprovals } for machines
  --help   show this help`;

/** Where the CLI writes; `process.stdout`/`stderr` by default. */
export interface CliIo {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
}

const processIo: CliIo = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

async function inspect(files: string[], json: boolean, io: CliIo): Promise<number> {
  const store = createToolpaneStore({ now: () => 0, formats: [aiSdk], families: [network] });
  for (const file of files) {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      io.err(`toolpane: cannot read ${printable(file)}: ${printable((error as Error).message)}\n`);
      return 2;
    }
    const format = file.endsWith('.sse') ? 'sse' : sniffFormat(text);
    // A recording holds chunks only: client events found in it become issues, as in a stream.
    const decoder = createFrameDecoder(
      format,
      chunkSink((value) => store.dispatch(value)),
    );
    decoder.feed(text);
    decoder.end();
    store.dispatch({ type: 'toolpane/stream-end' });
  }
  const state = store.getState();
  io.out(
    json
      ? `${printableJson(JSON.stringify(inspectState(state), null, 2))}\n`
      : `${formatTree(state)}\n`,
  );
  return 0;
}

/**
 * Runs the `toolpane` command line with `argv` (without `node` and the script) and returns the
 * exit code.
 *
 * @example
 * const code = await runCli(['inspect', 'recording.jsonl', '--json']);
 */
export async function runCli(argv: readonly string[], io: CliIo = processIo): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h') {
    io.out(`${USAGE}\n`);
    return command === undefined ? 2 : 0;
  }
  if (command !== 'inspect') {
    io.err(`toolpane: unknown command "${command}"\n\n${USAGE}\n`);
    return 2;
  }
  const json = rest.includes('--json');
  const files = rest.filter((arg) => !arg.startsWith('--'));
  if (rest.includes('--help')) {
    io.out(`${USAGE}\n`);
    return 0;
  }
  if (files.length === 0) {
    io.err(`toolpane: inspect needs a file\n\n${USAGE}\n`);
    return 2;
  }
  return inspect(files, json, io);
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TERMINAL_TOOL_STATUSES, type ToolCallStatus } from '@toolpane/client';
import { describe, expect, it } from 'vitest';
import * as nativeTable from './status-table.js';
import * as aiSdkTable from './status-table-ai-sdk.js';

const doc = readFileSync(join(process.cwd(), 'docs', 'architecture.md'), 'utf8');

/** The rows of one of the document's status tables: `| from | chunk or event | to |`. */
function documentedRowsOf(marker: string): { from: string; event: string; to: string }[] {
  const start = doc.indexOf(`<!-- ${marker}:start -->`);
  const end = doc.indexOf(`<!-- ${marker}:end -->`);
  expect(start, `docs/architecture.md has the ${marker} markers`).toBeGreaterThan(-1);
  return doc
    .slice(start, end)
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| From') && !/^\|\s*-/.test(line))
    .map((line) => {
      const [from = '', event = '', to = ''] = line
        .slice(1, -1)
        .split(' | ')
        .map((cell) => cell.trim());
      return { from, event, to };
    });
}

const key = (row: { from: string; event: string; to: string }) =>
  `${row.from} --${row.event}--> ${row.to}`;

const tables = [
  { name: 'native', marker: 'status-table', ...nativeTable },
  { name: 'AI SDK', marker: 'ai-sdk-status-table', ...aiSdkTable },
];

describe.each(tables)('the $name tool-call status table in docs/architecture.md', (table) => {
  const { EVENTS, FROM, statusAfter, transitions } = table;
  const documentedRows = () => documentedRowsOf(table.marker);

  it('names only statuses and events the reducer has', () => {
    for (const row of documentedRows()) {
      expect(Object.keys(FROM)).toContain(row.from);
      expect(Object.keys(FROM)).toContain(row.to);
      expect(Object.keys(EVENTS)).toContain(row.event);
    }
  });

  it('holds: each documented transition is what the reducer does', () => {
    for (const row of documentedRows()) {
      expect(statusAfter(row.from as ToolCallStatus, row.event), key(row)).toBe(row.to);
    }
  });

  it('is complete: every change of status the reducer makes is documented', () => {
    const documented = new Set(documentedRows().map(key));
    const missing = transitions()
      .map(key)
      .filter((row) => !documented.has(row));
    expect(missing).toEqual([]);
  });

  it('leaves terminal statuses out of the "from" column: nothing moves a call out of one', () => {
    for (const row of documentedRows()) {
      expect(TERMINAL_TOOL_STATUSES.has(row.from as ToolCallStatus), key(row)).toBe(false);
    }
    for (const status of TERMINAL_TOOL_STATUSES) {
      for (const event of Object.keys(EVENTS)) expect(statusAfter(status, event)).toBe(status);
    }
  });
});

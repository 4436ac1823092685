import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TERMINAL_TOOL_STATUSES, type ToolCallStatus } from '@toolpane/client';
import { describe, expect, it } from 'vitest';
import { EVENTS, FROM, statusAfter, transitions } from './status-table.js';

const doc = readFileSync(join(process.cwd(), 'docs', 'architecture.md'), 'utf8');

/** The rows of the document's status table: `| from | chunk or event | to |`. */
function documentedRows(): { from: string; event: string; to: string }[] {
  const start = doc.indexOf('<!-- status-table:start -->');
  const end = doc.indexOf('<!-- status-table:end -->');
  expect(start, 'docs/architecture.md has the status table markers').toBeGreaterThan(-1);
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

describe('the tool-call status table in docs/architecture.md', () => {
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

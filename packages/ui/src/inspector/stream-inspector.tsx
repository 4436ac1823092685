'use client';
import type { ToolpaneState } from '@toolpane/client';
import type { ChunkLog, ChunkLogEntry } from '@toolpane/client/inspect';
import { useToolpaneSelector } from '@toolpane/react';
import { forwardRef, useCallback, useId, useMemo, useState, useSyncExternalStore } from 'react';
import { escapeLine } from '../exact-value/exact-value.js';
import { type HostProps, PartElement, partProps } from '../utils/part.js';
import { type InspectorSelection, named, RunTree } from './run-tree.js';

/** Props of {@link StreamInspector}. */
export type StreamInspectorProps = HostProps<'div'> & {
  /** The chunks to list, from `logChunks` of `@toolpane/client/inspect`. */
  readonly log: ChunkLog;
};

const everything = (state: ToolpaneState) => state;
const short = (id: string | undefined) => (id === undefined ? '' : id.slice(0, 8));

interface Filters {
  readonly runId: string;
  readonly toolCallId: string;
  readonly type: string;
}

const NO_ENTRIES: readonly ChunkLogEntry[] = [];
const noEntries = () => NO_ENTRIES;

function matches(entry: ChunkLogEntry, filters: Filters): boolean {
  return (
    (filters.runId === '' || entry.runId === filters.runId) &&
    (filters.toolCallId === '' || entry.toolCallId === filters.toolCallId) &&
    (filters.type === '' || entry.type === filters.type || entry.nested.includes(filters.type))
  );
}

/**
 * A stream inspector for developers: the run tree (runs, calls, subagents, workflow steps with
 * their statuses) beside the chunk timeline (type, run, call, size, issues), with filters by run,
 * call and type. Selecting a run or call highlights its chunks; selecting a chunk highlights its
 * run and call. It reads the store of the surrounding `ToolpaneProvider`, live, and never shows a
 * chunk's values. Import it from `@toolpane/ui/inspector`. Rendered on a server, the timeline is
 * empty until the page hydrates: the chunks a browser's log holds need not be those the server read.
 *
 * @example
 * const { store, log } = logChunks(createToolpaneStore());
 * <ToolpaneProvider store={store}><StreamInspector log={log} /></ToolpaneProvider>
 */
export const StreamInspector = forwardRef<HTMLDivElement, StreamInspectorProps>(
  function StreamInspector({ log, asChild, children, ...props }, ref) {
    const state = useToolpaneSelector(everything);
    // A server renders, and hydration reads, no chunks: a browser's log holds what it read, which
    // need not be what the server read (its store may have moved on, or been restored).
    const entries = useSyncExternalStore(log.subscribe, log.getEntries, noEntries);
    const [filters, setFilters] = useState<Filters>({ runId: '', toolCallId: '', type: '' });
    const [selection, setSelection] = useState<InspectorSelection>();
    const [chunk, setChunk] = useState<number>();
    const id = useId();

    const types = useMemo(
      () => [...new Set(entries.flatMap((entry) => [entry.type, ...entry.nested]))].sort(),
      [entries],
    );
    const shown = useMemo(
      () => entries.filter((entry) => matches(entry, filters)),
      [entries, filters],
    );
    const selectedEntry = entries.find((entry) => entry.index === chunk);
    const highlighted = useMemo(() => {
      const out = new Set<string>();
      if (selectedEntry?.runId !== undefined) out.add(`run:${selectedEntry.runId}`);
      if (selectedEntry?.toolCallId !== undefined) out.add(`call:${selectedEntry.toolCallId}`);
      return out;
    }, [selectedEntry]);
    const selectNode = useCallback((next: InspectorSelection) => {
      setSelection(next);
      setChunk(undefined);
    }, []);
    const isMatch = (entry: ChunkLogEntry) =>
      selection !== undefined &&
      (selection.kind === 'run' ? entry.runId : entry.toolCallId) === selection.id;
    const issues = entries.reduce((sum, entry) => sum + entry.issues.length, 0);
    const set = (key: keyof Filters) => (event: { target: { value: string } }) =>
      setFilters((current) => ({ ...current, [key]: event.target.value }));

    return (
      <PartElement
        tag="div"
        ref={ref}
        asChild={asChild}
        host={children}
        {...partProps('stream-inspector', props)}
      >
        <section {...partProps('inspector-runs')} aria-labelledby={`${id}-runs`}>
          <h2 id={`${id}-runs`}>Runs</h2>
          <RunTree
            state={state}
            selection={selection}
            highlighted={highlighted}
            onSelect={selectNode}
          />
        </section>
        <section {...partProps('inspector-timeline')} aria-labelledby={`${id}-chunks`}>
          <h2 id={`${id}-chunks`}>
            Chunks{' '}
            <span {...partProps('inspector-count')}>
              {shown.length} of {entries.length}, {issues} {issues === 1 ? 'issue' : 'issues'}
            </span>
          </h2>
          <div {...partProps('inspector-filters')}>
            <label>
              Run
              <select value={filters.runId} onChange={set('runId')}>
                <option value="">All</option>
                {[...state.runs.keys()].map((runId) => (
                  <option key={runId} value={runId}>
                    {named(state.runs.get(runId)?.agentId ?? 'run')} {named(short(runId))}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Call
              <select value={filters.toolCallId} onChange={set('toolCallId')}>
                <option value="">All</option>
                {state.toolCallOrder.map((callId) => (
                  <option key={callId} value={callId}>
                    {named(state.toolCalls.get(callId)?.toolName ?? '')} {named(callId)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Type
              <select value={filters.type} onChange={set('type')}>
                <option value="">All</option>
                {types.map((type) => (
                  <option key={type} value={type}>
                    {named(type)}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <div {...partProps('inspector-table-wrap')}>
            <table {...partProps('inspector-table')}>
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">Type</th>
                  <th scope="col">Run</th>
                  <th scope="col">Call</th>
                  <th scope="col">Size</th>
                  <th scope="col">Issues</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((entry) => (
                  <tr
                    key={entry.index}
                    {...partProps('inspector-chunk')}
                    data-highlighted={isMatch(entry) || undefined}
                    data-issue={entry.issues.length > 0 || undefined}
                  >
                    <td>
                      <button
                        type="button"
                        aria-pressed={chunk === entry.index}
                        aria-label={`Chunk ${entry.index}: ${entry.type}`}
                        onClick={() => {
                          setChunk(chunk === entry.index ? undefined : entry.index);
                          setSelection(undefined);
                        }}
                      >
                        {entry.index}
                      </button>
                    </td>
                    <td>
                      {named(entry.type)}
                      {entry.nested.length > 0 ? (
                        <span {...partProps('inspector-nested')}>
                          {' '}
                          › {entry.nested.map(named).join(' › ')}
                        </span>
                      ) : null}
                    </td>
                    <td title={entry.runId && named(entry.runId)}>{named(short(entry.runId))}</td>
                    <td>{named(entry.toolCallId ?? '')}</td>
                    <td>{entry.size}</td>
                    <td>{escapeLine(entry.issues.map((issue) => issue.message).join('; '))}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      </PartElement>
    );
  },
);

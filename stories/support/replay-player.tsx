import { createToolpaneStore } from '@toolpane/client';
import { aiSdk } from '@toolpane/client/ai-sdk';
import { ToolpaneProvider } from '@toolpane/react';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { parseRecording } from './replay';

/** Replay speeds offered; 0 plays as fast as the page can render. */
export const SPEEDS = [0.25, 0.5, 1, 2, 4, 0] as const;

/** Pause between two chunks at 1×, in ms. */
const BASE_DELAY_MS = 160;

const speedLabel = (speed: number) => (speed === 0 ? 'Instant' : `${speed}×`);

function ReplayRun({
  chunks,
  speedRef,
  children,
}: {
  readonly chunks: readonly unknown[];
  readonly speedRef: { readonly current: number };
  readonly children: ReactNode;
}) {
  const store = useMemo(() => createToolpaneStore({ formats: [aiSdk] }), []);
  const [position, setPosition] = useState(0);

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const step = (index: number) => {
      if (cancelled || index >= chunks.length) return;
      store.dispatch(chunks[index]);
      setPosition(index + 1);
      const speed = speedRef.current;
      timer = setTimeout(() => step(index + 1), speed === 0 ? 0 : BASE_DELAY_MS / speed);
    };
    timer = setTimeout(() => step(0), 0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [store, chunks, speedRef]);

  const done = position >= chunks.length;
  return (
    <>
      <p className="replay-progress" data-done={done || undefined}>
        {done ? 'Done' : 'Playing'}: chunk {position} of {chunks.length}
      </p>
      <ToolpaneProvider store={store}>{children}</ToolpaneProvider>
    </>
  );
}

/**
 * Plays recordings chunk by chunk into a real store, as a live stream would arrive, with a speed
 * control and a restart button. Each recording ends with the client's stream-end event, as a
 * finished response does.
 */
export function ReplayPlayer({
  recordings,
  speed: initialSpeed = 1,
  children,
}: {
  readonly recordings: readonly string[];
  readonly speed?: number;
  readonly children: ReactNode;
}) {
  const chunks = useMemo(
    () => recordings.flatMap((raw) => [...parseRecording(raw), { type: 'toolpane/stream-end' }]),
    [recordings],
  );
  const [speed, setSpeed] = useState(initialSpeed);
  const speedRef = useRef(speed);
  useEffect(() => {
    speedRef.current = speed;
  }, [speed]);
  const [round, setRound] = useState(0);
  const speedId = useId();

  return (
    <div className="replay">
      <fieldset className="replay-controls">
        <legend>Replay</legend>
        <button type="button" onClick={() => setRound((r) => r + 1)}>
          Restart
        </button>
        <label htmlFor={speedId}>Speed</label>
        <select
          id={speedId}
          value={String(speed)}
          onChange={(event) => setSpeed(Number(event.target.value))}
        >
          {SPEEDS.map((value) => (
            <option key={value} value={String(value)}>
              {speedLabel(value)}
            </option>
          ))}
        </select>
      </fieldset>
      <ReplayRun key={round} chunks={chunks} speedRef={speedRef}>
        {children}
      </ReplayRun>
    </div>
  );
}

import fc from 'fast-check';

/**
 * The seed of every property test. `FC_SEED` replays a run (and `FC_PATH` one counterexample of
 * it); otherwise a fixed seed keeps CI deterministic. Importing this module sets the seed for every
 * `fc.assert` of the test file and prints it; fast-check prints seed and path of any failure.
 */
export const SEED = Number.parseInt(process.env.FC_SEED ?? '1942439796', 10);
if (!Number.isSafeInteger(SEED))
  throw new Error(`FC_SEED must be an integer: ${process.env.FC_SEED}`);

/** The counterexample path to replay (`FC_PATH`), if any. */
export const PATH = process.env.FC_PATH;

fc.configureGlobal({
  seed: SEED,
  ...(PATH === undefined ? {} : { path: PATH, endOnFailure: true }),
});
console.info(
  `property tests: seed ${SEED}${PATH ? `, path ${PATH}` : ''} (replay: FC_SEED=${SEED})`,
);

/** fast-check parameters of a property: its number of runs (the seed and path are set above). */
export const runs = <T>(numRuns: number): fc.Parameters<T> => ({ numRuns });

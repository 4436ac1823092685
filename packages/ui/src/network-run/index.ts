export {
  NetworkRunHeader,
  NetworkRunResult,
  NetworkRunRoot,
  type NetworkRunRootProps,
  NetworkRunSteps,
} from './network-run.js';
export * as NetworkRun from './parts.js';

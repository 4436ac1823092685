/** The NetworkRun parts under short names, for `NetworkRun.Root`-style use. */
export {
  NetworkRunHeader as Header,
  NetworkRunResult as Result,
  NetworkRunRoot as Root,
  NetworkRunSteps as Steps,
} from './network-run.js';

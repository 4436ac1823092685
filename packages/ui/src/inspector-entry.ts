/**
 * `@toolpane/ui/inspector`: the stream inspector, kept out of the main entry so apps that do not
 * use it do not load it.
 *
 * @example
 * import { StreamInspector } from '@toolpane/ui/inspector';
 */
export { type InspectorSelection, RunTree, type RunTreeProps } from './inspector/run-tree.js';
export { StreamInspector, type StreamInspectorProps } from './inspector/stream-inspector.js';

/**
 * The part of jsdom's API the React benchmark uses (the workspace has jsdom for Vitest, without
 * its type package).
 */
declare module 'jsdom' {
  /** Options of {@link JSDOM}. */
  export interface ConstructorOptions {
    url?: string;
    pretendToBeVisual?: boolean;
  }

  /** A DOM window and document in Node. */
  export class JSDOM {
    constructor(html?: string, options?: ConstructorOptions);
    readonly window: Window & typeof globalThis;
  }
}

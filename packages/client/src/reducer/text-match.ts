/*
 * Many texts found in one pass over another (Aho–Corasick over UTF-16 code units, each folded to
 * lower case): the time to search a text is linear in its length however many texts are looked
 * for, where a search per text costs their number times the length. Hidden values are searched
 * for this way, so a call that hides thousands of values and shows a result as long costs what
 * reading both costs.
 *
 * Written here rather than taken from a package: the matchers on npm match grapheme clusters
 * (through `Intl.Segmenter`, so a hidden value would go unseen next to a combining mark), weigh
 * several kilobytes, and none tells where every occurrence of any text ends together with the
 * longest ending, nor how much of a text's end begins a searched one, which hiding needs.
 */

/** A node with more children than this finds them through a `Map` rather than its list. */
const WIDE = 8;

/** Code units past ASCII and what they fold to, as they are met. */
const folded = new Map<number, number>();

/**
 * A code unit in lower case, where that is one code unit: texts are found whatever their case (a
 * quote written in capitals still shows a hidden text), and positions stay those of the text.
 */
export function fold(code: number): number {
  if (code < 128) return code >= 65 && code <= 90 ? code + 32 : code;
  let to = folded.get(code);
  if (to === undefined) {
    const lower = String.fromCharCode(code).toLowerCase();
    to = lower.length === 1 ? lower.charCodeAt(0) : code;
    folded.set(code, to);
  }
  return to;
}

/** A set of texts to find, built once by {@link textMatcher} and searched any number of times. */
export interface TextMatcher {
  /** Whether no text is searched for. */
  readonly empty: boolean;
  /**
   * The longest occurrence of a searched text that ends at each position of `text` where one
   * ends, as `[start, end)` pairs in order of their end; every occurrence lies inside one of them.
   */
  cover(text: string): [number, number][];
  /**
   * The lengths of the ends of `text` (longest first) that begin a longer searched text: where a
   * text cut short could end inside one.
   */
  cutEnds(text: string): number[];
  /**
   * The length of the longest end of `text` that begins a longer searched text (0 for none):
   * where a text could begin before a stretch of it that was already hidden.
   */
  openEnd(text: string): number;
  /**
   * The length of the longest start of `text` that ends a longer searched text (0 for none):
   * where a text could go on after a stretch of it that was already hidden.
   */
  openStart(text: string): number;
  /** Whether `text` (not empty) occurs in a searched text. */
  inside(text: string): boolean;
  /** Which of the searched texts occur in `text`, in any case, found in one pass. */
  found(text: string): Set<string>;
}

/** A matcher for `texts`, in any case (see {@link fold}; empty texts are ignored). */
export function textMatcher(texts: Iterable<string>): TextMatcher {
  // Per node (0 is the root; at most one per character of the texts): its first child, its next
  // sibling, the code unit that leads to it, how many children it has (up to WIDE + 1), the length
  // of its text, the longest proper suffix of its text that is a node too, and the length of the
  // longest searched text its text ends with (0 for none).
  const list = [...texts];
  let size = 1;
  let widest = 0;
  for (const text of list) {
    size += text.length;
    widest = Math.max(widest, text.length);
  }
  // One buffer for the seven arrays of 32-bit integers (each allocation costs as much as filling).
  const ints = new Int32Array(7 * size);
  const first = ints.subarray(0, size).fill(-1);
  const next = ints.subarray(size, 2 * size);
  const fan = ints.subarray(2 * size, 3 * size);
  const depth = ints.subarray(3 * size, 4 * size);
  const fail = ints.subarray(4 * size, 5 * size);
  const longest = ints.subarray(5 * size, 6 * size);
  // For a node with more than WIDE children: 1 + the index of its children's map in `maps`.
  const wide = ints.subarray(6 * size);
  const unit = new Uint16Array(size);
  const maps: Map<number, number>[] = [];
  let nodes = 1;

  const child = (node: number, code: number): number | undefined => {
    if (wide[node] !== 0) return maps[wide[node]! - 1]!.get(code);
    for (let at = first[node]!; at !== -1; at = next[at]!) if (unit[at] === code) return at;
    return undefined;
  };

  const step = (node: number, code: number): number => {
    for (let at = node; ; at = fail[at]!) {
      const to = child(at, code);
      if (to !== undefined) return to;
      if (at === 0) return 0;
    }
  };

  for (const text of list) {
    let node = 0;
    for (let i = 0; i < text.length; i++) {
      const code = fold(text.charCodeAt(i));
      let to = child(node, code);
      if (to === undefined) {
        to = nodes++;
        depth[to] = depth[node]! + 1;
        next[to] = first[node]!;
        unit[to] = code;
        first[node] = to;
        if (wide[node] !== 0) maps[wide[node]! - 1]!.set(code, to);
        else if (++fan[node]! > WIDE) {
          const made = new Map<number, number>();
          for (let at = to; at !== -1; at = next[at]!) made.set(unit[at]!, at);
          wide[node] = maps.push(made);
        }
      }
      node = to;
    }
    longest[node] = text.length;
  }

  // Failure links, parents before children (breadth first).
  const queue = new Int32Array(nodes);
  for (let at = 0, queued = 1; at < queued; at++) {
    const node = queue[at]!;
    for (let kid = first[node]!; kid !== -1; kid = next[kid]!) {
      const link = node === 0 ? 0 : step(fail[node]!, unit[kid]!);
      fail[kid] = link;
      if (longest[kid] === 0) longest[kid] = longest[link]!;
      queue[queued++] = kid;
    }
  }

  // For each node a searched text ends at, those texts as they were given (they may differ in
  // case): made the first time `found` is asked.
  let written: Map<number, string[]> | undefined;
  const writtenAt = (): Map<number, string[]> => {
    if (written !== undefined) return written;
    written = new Map();
    for (const text of list) {
      if (text === '') continue;
      let node = 0;
      for (let i = 0; i < text.length; i++) node = child(node, fold(text.charCodeAt(i)))!;
      const ending = written.get(node);
      if (ending === undefined) written.set(node, [text]);
      else ending.push(text);
    }
    return written;
  };

  /** Walks `text` through the automaton, telling `visit` each node reached; returns the last. */
  const scan = (text: string, visit?: (node: number, end: number) => void): number => {
    let node = 0;
    for (let i = 0; i < text.length; ) {
      node = step(node, fold(text.charCodeAt(i++)));
      visit?.(node, i);
    }
    return node;
  };

  const cutEnds = (text: string): number[] => {
    const out: number[] = [];
    for (let at = scan(text); at !== 0; at = fail[at]!) if (fan[at]! > 0) out.push(depth[at]!);
    return out;
  };

  // The texts backwards, and their parts, built the first time they are asked about.
  let backwards: TextMatcher | undefined;
  let within: ((text: string) => boolean) | undefined;
  const reverse = (text: string) => text.split('').reverse().join('');

  return {
    empty: nodes === 1,
    cover(text) {
      const out: [number, number][] = [];
      scan(text, (node, end) => {
        if (longest[node]! > 0) out.push([end - longest[node]!, end]);
      });
      return out;
    },
    cutEnds,
    openEnd(text) {
      // No end longer than the longest text can begin one.
      return nodes === 1 || text === '' ? 0 : (cutEnds(text.slice(-widest))[0] ?? 0);
    },
    openStart(text) {
      if (nodes === 1 || text === '') return 0;
      backwards ??= textMatcher(list.map(reverse));
      return backwards.cutEnds(reverse(text.slice(0, widest)))[0] ?? 0;
    },
    inside(text) {
      if (text.length === 0 || text.length > widest) return false;
      within ??= substrings(list);
      return within(text);
    },
    found(text) {
      const out = new Set<string>();
      const ends = writtenAt();
      // Every searched text that ends here is the text of a node on the failure chain; a node met
      // before had its chain walked then.
      const seen = new Uint8Array(nodes);
      scan(text, (node) => {
        for (let at = node; at !== 0 && seen[at] === 0; at = fail[at]!) {
          seen[at] = 1;
          for (const searched of ends.get(at) ?? []) out.add(searched);
        }
      });
      return out;
    },
  };
}

/**
 * Whether a text occurs in any of `texts` (a suffix automaton of the texts, one after another
 * with a separator none holds as text): built in time linear in their length, asked in time
 * linear in the text asked about.
 */
function substrings(texts: readonly string[]): (text: string) => boolean {
  const joined = texts.join('\uffff');
  // Per state: its moves, the state of its longest suffix of another class, its longest length.
  const moves: Map<number, number>[] = [new Map()];
  const link = [-1];
  const length = [0];
  let last = 0;
  for (let i = 0; i < joined.length; i++) {
    const code = fold(joined.charCodeAt(i));
    const made = moves.push(new Map()) - 1;
    length[made] = length[last]! + 1;
    link[made] = 0;
    let at = last;
    for (; at !== -1 && !moves[at]!.has(code); at = link[at]!) moves[at]!.set(code, made);
    if (at !== -1) {
      const to = moves[at]!.get(code)!;
      if (length[at]! + 1 === length[to]) link[made] = to;
      else {
        const copy = moves.push(new Map(moves[to])) - 1;
        length[copy] = length[at]! + 1;
        link[copy] = link[to]!;
        for (; at !== -1 && moves[at]!.get(code) === to; at = link[at]!) moves[at]!.set(code, copy);
        link[to] = copy;
        link[made] = copy;
      }
    }
    last = made;
  }
  return (text) => {
    let at: number | undefined = 0;
    for (let i = 0; i < text.length && at !== undefined; i++)
      at = moves[at]!.get(fold(text.charCodeAt(i)));
    return at !== undefined;
  };
}

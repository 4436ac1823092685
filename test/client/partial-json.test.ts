import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createPartialJsonParser,
  hasValue,
  type PartialJsonSnapshot,
  parsePartialJson,
} from '../../packages/client/src/partial-json/partial-json.js';
// Sets and prints the seed of every property below (FC_SEED replays one).
import '../utils/property';

/** Streams `chunks` into a fresh parser and returns every snapshot. */
function stream(chunks: readonly string[]): PartialJsonSnapshot[] {
  const parser = createPartialJsonParser();
  return chunks.map((chunk) => parser.push(chunk));
}

function chars(text: string): string[] {
  return text.split('');
}

const realistic = JSON.stringify(
  {
    city: 'Zürich',
    query: 'weather "today"\n\tand\\or tomorrow \u00e9 \ud83d\ude00',
    units: 'metric',
    days: 3,
    threshold: -12.5e-3,
    big: 1.5e300,
    flags: [true, false, null],
    location: { lat: 47.3769, lon: 8.5417, tags: ['lake', 'alps', ''] },
    items: [{ id: 1, qty: 0 }, { id: 2, qty: 10 }, [], {}],
    note: '',
  },
  null,
  2,
);

describe('parsePartialJson prefixes', () => {
  it.each<[string, unknown]>([
    ['', undefined],
    ['  ', undefined],
    ['{', {}],
    ['{"ci', {}],
    ['{"city"', {}],
    ['{"city":', {}],
    ['{"city": "Pa', { city: 'Pa' }],
    ['{"city":"Paris","n":-', { city: 'Paris' }],
    ['{"n":1.', { n: 1 }],
    ['{"n":1.5e', { n: 1.5 }],
    ['{"n":1.5E+', { n: 1.5 }],
    ['{"n":-0.5e+1', { n: -5 }],
    ['{"n":0', { n: 0 }],
    ['{"b":tr', {}],
    ['{"b":true', { b: true }],
    ['{"b":nul', {}],
    ['[1,2', [1, 2]],
    ['[1,2,', [1, 2]],
    ['[[1],[', [[1], []]],
    ['"a\\', 'a'],
    ['"a\\u00', 'a'],
    ['"a\\u00e9', 'a\u00e9'],
    ['"a\\n', 'a\n'],
    ['"\\ud83d', ''],
    ['"\\ud83d\\u', ''],
    ['"\\ud83d\\ude00', '\ud83d\ude00'],
    ['"x\ud83d', 'x'],
    ['-', undefined],
    ['-1', -1],
  ])('%j gives %j', (text, expected) => {
    const snap = parsePartialJson(text);
    expect(snap.error).toBeUndefined();
    expect(snap.complete).toBe(false);
    expect(snap.value).toEqual(expected);
  });

  it('marks complete documents complete', () => {
    for (const text of ['null', 'true', '"x"', '{}', '[]', ' {"a":[1,{"b":null}]} ', '12 ']) {
      const snap = parsePartialJson(text);
      expect(snap.complete, text).toBe(true);
      expect(snap.value).toEqual(JSON.parse(text));
    }
  });

  it('keeps a root number open until something follows it, since more digits could come', () => {
    const parser = createPartialJsonParser();
    expect(parser.push('12').complete).toBe(false);
    expect(parser.push('3').value).toBe(123);
    expect(parser.push('\n').complete).toBe(true);
    expect(parser.snapshot.value).toBe(123);
  });

  it('decodes -0 and huge exponents like JSON.parse', () => {
    const [zero] = parsePartialJson('[-0]').value as number[];
    expect(Object.is(zero, -0)).toBe(true);
    expect(parsePartialJson('[1e400]').value).toEqual([Number.POSITIVE_INFINITY]);
  });
});

describe('incremental parsing', () => {
  it('gives JSON.parse of a realistic document for every split point', () => {
    const expected = JSON.parse(realistic);
    for (let i = 0; i <= realistic.length; i++) {
      const parser = createPartialJsonParser();
      const first = parser.push(realistic.slice(0, i));
      const last = parser.push(realistic.slice(i));
      expect(first.error).toBeUndefined();
      if (i < realistic.length) expect(first.complete).toBe(false);
      expect(last.error).toBeUndefined();
      expect(last.complete).toBe(true);
      expect(last.value).toEqual(expected);
      expect(parser.text).toBe(realistic);
    }
  });

  it('streams nested documents with escapes and unicode one character at a time', () => {
    const docs = [
      realistic,
      '{"a":{"b":[{"c":"\\u00e9\\u00E9\\ud83d\\ude00\\\\\\"\\/\\b\\f\\n\\r\\t"}]},"d":[[[]]]}',
      '["caf\u00e9 \ud83d\ude00", "\\ud83d\\ude00x", "\\udc00 lone low", "\\ud800 lone high", 0.25]',
      ' \n\t[ 1 , -2.5E+2 ,{ "k" : [ true , false , null ] } ] \r\n',
    ];
    for (const doc of docs) {
      const snapshots = stream(chars(doc));
      for (const [i, snap] of snapshots.entries()) {
        expect(snap.error, doc).toBeUndefined();
        expect(snap.complete).toBe(i === snapshots.length - 1 || doc.slice(i + 1).trim() === '');
        // The incremental value at each step equals a one-shot parse of the same prefix.
        expect(snap.value).toEqual(parsePartialJson(doc.slice(0, i + 1)).value);
        for (const text of strings(snap.value)) expect(text).not.toMatch(/[\ud800-\udbff]$/);
      }
      expect(snapshots.at(-1)?.value).toEqual(JSON.parse(doc));
    }
  });

  it('keeps a lone high surrogate when the string ends without its pair', () => {
    expect(stream(chars('"\\ud83d"')).at(-1)?.value).toBe('\ud83d');
    expect(stream(chars('"\\ud83dA"')).map((s) => s.value)).toEqual([
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '\ud83dA',
      '\ud83dA',
    ]);
  });

  it('returns the same snapshot for an empty delta', () => {
    const parser = createPartialJsonParser();
    const snap = parser.push('[1');
    expect(parser.push('')).toBe(snap);
    expect(parser.snapshot).toBe(snap);
  });
});

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(strings);
  return [];
}

describe('structural sharing', () => {
  it('keeps completed subtrees and leaves previous snapshots untouched', () => {
    const parser = createPartialJsonParser();
    const s1 = parser.push('{"a":{"x":[1,2]},"list":[{"id":1},{"id":2}],"b":"he');
    const v1 = s1.value as Record<string, unknown>;
    const copy1 = structuredClone(v1);
    const s2 = parser.push('llo","c":[3');
    const v2 = s2.value as Record<string, unknown>;

    expect(v2).not.toBe(v1);
    expect(v2.a).toBe(v1.a);
    expect(v2.list).toBe(v1.list);
    expect(v2.b).toBe('hello');
    expect(v1).toEqual(copy1);
    expect(s1.value).toBe(v1);
    expect(Object.isFrozen(v1)).toBe(true);
    expect(Object.isFrozen(v1.a)).toBe(true);

    const s3 = parser.push(',4]}');
    const v3 = s3.value as Record<string, unknown>;
    expect(v3).toEqual({ a: { x: [1, 2] }, list: [{ id: 1 }, { id: 2 }], b: 'hello', c: [3, 4] });
    expect(v3.a).toBe(v1.a);
    expect(v2).toEqual({ a: { x: [1, 2] }, list: [{ id: 1 }, { id: 2 }], b: 'hello', c: [3] });
  });

  it('gives new identities only on the written path', () => {
    const parser = createPartialJsonParser();
    const v1 = parser.push('{"done":{"k":1},"open":{"x":[{"y":"a').value as {
      done: object;
      open: { x: { y: string }[] };
    };
    const v2 = parser.push('b').value as typeof v1;
    expect(v2.done).toBe(v1.done);
    expect(v2.open).not.toBe(v1.open);
    expect(v2.open.x).not.toBe(v1.open.x);
    expect(v2.open.x[0]).not.toBe(v1.open.x[0]);
    expect(v2.open.x[0]?.y).toBe('ab');
    expect(v1.open.x[0]?.y).toBe('a');
  });

  it('keeps every identity when a push changes nothing visible', () => {
    const parser = createPartialJsonParser();
    const v1 = parser.push('{"a":[{"id":1}],"b":"x').value;
    // Closing the string, whitespace, a comma, a key and a lone '-' show nothing new.
    for (const delta of ['"', ' ', ',', '"c', '"', ':', ' ', '-']) {
      expect(parser.push(delta).value, delta).toBe(v1);
    }
    const v2 = parser.push('1').value as Record<string, unknown>;
    expect(v2).not.toBe(v1);
    expect(v2.a).toBe((v1 as Record<string, unknown>).a);
    // So does a literal until its last letter, and the ']' closing an already-shown array.
    expect(parser.push(',"d":[tr').value).toEqual({ ...v2, d: [] });
    const v3 = parser.push('u').value;
    expect(parser.push('e').value).not.toBe(v3);
    const v4 = parser.push(']').value;
    expect(parser.push('}').value).toBe(v4);
  });

  it('materializes an unread old snapshot as it was when it was taken', () => {
    const parser = createPartialJsonParser();
    const s1 = parser.push('{"a":[1,');
    const s2 = parser.push('2],"b":"c');
    const s3 = parser.push('d"}');
    expect(s3.value).toEqual({ a: [1, 2], b: 'cd' });
    expect(s1.value).toEqual({ a: [1] });
    expect(s2.value).toEqual({ a: [1, 2], b: 'c' });
    expect((s3.value as { a: unknown }).a).toBe((s2.value as { a: unknown }).a);
  });
});

describe('isComplete', () => {
  it('reports complete paths as the document streams in', () => {
    const parser = createPartialJsonParser();
    let snap = parser.push('{"city":"Par');
    expect(snap.isComplete('')).toBe(false);
    expect(snap.isComplete('/city')).toBe(false);

    snap = parser.push('is","items":[{"id":1},{"id":2');
    expect(snap.isComplete('/city')).toBe(true);
    expect(snap.isComplete('/items')).toBe(false);
    expect(snap.isComplete('/items/0')).toBe(true);
    expect(snap.isComplete('/items/0/id')).toBe(true);
    expect(snap.isComplete('/items/1')).toBe(false);
    expect(snap.isComplete('/items/1/id')).toBe(false);
    expect(snap.isComplete('/items/2')).toBe(false);
    expect(snap.isComplete('/missing')).toBe(false);
    expect(snap.isComplete('city')).toBe(false);
    expect(snap.isComplete('/items/01')).toBe(false);

    snap = parser.push('}');
    expect(snap.isComplete('/items/1')).toBe(true);
    expect(snap.isComplete('/items')).toBe(false);

    snap = parser.push(']}');
    expect(snap.complete).toBe(true);
    for (const path of ['', '/city', '/items', '/items/1/id']) {
      expect(snap.isComplete(path), path).toBe(true);
    }
  });

  it('does not report a value whose key is known but whose value has not started', () => {
    const snap = parsePartialJson('{"a":');
    expect(snap.isComplete('/a')).toBe(false);
    expect(parsePartialJson('{"a":-').isComplete('/a')).toBe(false);
    expect(parsePartialJson('{"a":1').isComplete('/a')).toBe(false);
    expect(parsePartialJson('{"a":1 ').isComplete('/a')).toBe(true);
    expect(parsePartialJson('{"a":nul').isComplete('/a')).toBe(false);
    expect(parsePartialJson('{"a":null').isComplete('/a')).toBe(true);
  });

  it('unescapes ~0 and ~1 in path segments', () => {
    const snap = parsePartialJson('{"a/b":1,"c~d":2,"":{"":3},"e":"');
    expect(snap.isComplete('/a~1b')).toBe(true);
    expect(snap.isComplete('/c~0d')).toBe(true);
    expect(snap.isComplete('/')).toBe(true);
    expect(snap.isComplete('//')).toBe(true);
    expect(snap.isComplete('/e')).toBe(false);
  });

  it('treats a re-opened duplicate key as open, and resolves it like JSON.parse', () => {
    const parser = createPartialJsonParser();
    const snap = parser.push('{"a":1,"b":2,"a":"x');
    expect(snap.value).toEqual({ a: 'x', b: 2 });
    expect(Object.keys(snap.value as object)).toEqual(['a', 'b']);
    expect(snap.isComplete('/a')).toBe(false);
    expect(snap.isComplete('/b')).toBe(true);
    expect(parser.push('y"}').value).toEqual(JSON.parse('{"a":1,"b":2,"a":"xy"}'));
  });
});

describe('errors', () => {
  it.each<[string, string, number, unknown]>([
    ['{"a":1} x', "Unexpected character 'x' at offset 8", 8, { a: 1 }],
    ['{"a":1}}', "Unexpected character '}' at offset 7", 7, { a: 1 }],
    ['{"a":tru}', "Unexpected character '}' at offset 8", 8, {}],
    ['{"a":nulx', "Unexpected character 'x' at offset 8", 8, {}],
    ['[1,]', "Unexpected character ']' at offset 3", 3, [1]],
    ['{"a":1,}', "Unexpected character '}' at offset 7", 7, { a: 1 }],
    ['{"a" 1}', "Unexpected character '1' at offset 5", 5, {}],
    ['{a:1}', "Unexpected character 'a' at offset 1", 1, {}],
    ['[01]', "Unexpected character '1' at offset 2", 2, [0]],
    ['[1.]', "Unexpected character ']' at offset 3", 3, [1]],
    ['[-x]', "Unexpected character 'x' at offset 2", 2, []],
    ['[1e]', "Unexpected character ']' at offset 3", 3, [1]],
    ['[1 2]', "Unexpected character '2' at offset 3", 3, [1]],
    ['["ab\\x"]', "Invalid escape 'x' after '\\' at offset 5", 5, ['ab']],
    ['["ab\\u12g4"]', "Unexpected character 'g' at offset 8", 8, ['ab']],
    ['["a\nb"]', 'Unescaped control character U+000A in string at offset 3', 3, ['a']],
    ['\ufeff{}', 'Unexpected character U+FEFF at offset 0', 0, undefined],
    ['[1,2', '', 0, [1, 2]],
  ])('%j', (text, message, offset, value) => {
    const snap = parsePartialJson(text);
    expect(snap.value).toEqual(value);
    if (message === '') {
      expect(snap.error).toBeUndefined();
      expect(snap.complete).toBe(false);
      return;
    }
    expect(snap.error?.message).toContain(message);
    expect(snap.error?.offset).toBe(offset);
    expect(snap.complete).toBe(false);
  });

  it('counts offsets across deltas and ignores later pushes', () => {
    const parser = createPartialJsonParser();
    parser.push('{"city":');
    parser.push(' "Paris", ');
    const failed = parser.push('"x" ?');
    expect(failed.error).toEqual({
      message: "Unexpected character '?' at offset 22 (expected ':')",
      offset: 22,
    });
    expect(failed.value).toEqual({ city: 'Paris' });
    expect(parser.push('}')).toBe(failed);
    expect(parser.snapshot).toBe(failed);
    expect(parser.text).toBe('{"city": "Paris", "x" ?');
  });

  it('never throws on arbitrary text', () => {
    const jsonish = fc.constantFrom(
      ...'{}[],:"\\/u0123456789abcdef.eE+-truefalsn \n\t\u00e9\ud83d',
    );
    fc.assert(
      fc.property(fc.array(fc.string({ unit: jsonish }), { maxLength: 8 }), (chunks) => {
        const snapshots = stream(chunks);
        for (const snap of snapshots) {
          // Told before the value is built, as a reducer asks on every delta.
          const started = hasValue(snap);
          expect(started).toBe(snap.value !== undefined);
          snap.isComplete('');
        }
      }),
    );
  });
});

describe('pathological input', () => {
  it('stores prototype keys as own data properties without polluting prototypes', () => {
    const text =
      '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":2}},"prototype":3}';
    for (const snap of [parsePartialJson(text), stream(chars(text)).at(-1)!]) {
      const value = snap.value as Record<string, unknown>;
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
      expect(Object.keys(value)).toEqual(['__proto__', 'constructor', 'prototype']);
      expect(Object.hasOwn(value, '__proto__')).toBe(true);
      expect(Object.getOwnPropertyDescriptor(value, '__proto__')?.value).toEqual({ polluted: 1 });
      expect(Object.getOwnPropertyDescriptor(value, 'constructor')?.value.prototype).toEqual({
        polluted: 2,
      });
      expect(value).toEqual(JSON.parse(text));
      expect(snap.isComplete('/__proto__/polluted')).toBe(true);
    }
    const open = parsePartialJson('{"__proto__":{"polluted":"y').value as Record<string, unknown>;
    expect(Object.getOwnPropertyDescriptor(open, '__proto__')?.value).toEqual({ polluted: 'y' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('accepts 1000 nesting levels and rejects the 1001st', () => {
    const ok = `${'['.repeat(1000)}${']'.repeat(1000)}`;
    expect(parsePartialJson(ok).value).toEqual(JSON.parse(ok));
    expect(parsePartialJson(ok).complete).toBe(true);

    const parser = createPartialJsonParser();
    for (let i = 0; i < 1000; i++) parser.push('{"a":');
    expect(parser.snapshot.error).toBeUndefined();
    const snap = parser.push('[');
    expect(snap.error?.message).toMatch(/^Nesting deeper than 1000/);
    expect(snap.error?.offset).toBe(5000);
    let depth = 0;
    for (let v = snap.value as Record<string, unknown> | undefined; v; v = v.a as typeof v) depth++;
    expect(depth).toBe(1000);
  });

  // Reading after every push costs O(n) per read here: each read must return a new frozen array of
  // up to 20,000 items (see the cost model in partial-json.ts). Parsing itself stays linear; the
  // limit is generous because of that copy, not because parsing re-reads anything.
  it('streams a flat 20,000-element array one character at a time, reading every snapshot', {
    timeout: 60_000,
  }, () => {
    const expected = Array.from({ length: 20_000 }, (_, i) => i);
    const text = JSON.stringify(expected);
    const parser = createPartialJsonParser();
    let last: unknown;
    for (const char of text) last = parser.push(char).value;
    expect(last).toEqual(expected);
    expect(parser.snapshot.complete).toBe(true);
  });

  it('streams large documents without reading in linear time', () => {
    const big = { rows: Array.from({ length: 50_000 }, (_, i) => ({ i, s: 'x'.repeat(i % 7) })) };
    const text = JSON.stringify(big);
    const parser = createPartialJsonParser();
    for (const char of text) parser.push(char);
    expect(parser.snapshot.value).toEqual(big);
  });

  it('streams a long string value in small deltas, reading every snapshot', () => {
    const content = 'line of file content \\n'.repeat(50_000);
    const parser = createPartialJsonParser();
    parser.push('{"path":"a.ts","content":"');
    let value: { content?: string } = {};
    for (let i = 0; i < content.length; i += 7) {
      value = parser.push(content.slice(i, i + 7)).value as typeof value;
    }
    expect(value.content?.length).toBe(content.length - 50_000);
    expect(parser.push('"}').complete).toBe(true);
  });
});

/** True when `partial` could be a streamed prefix of `final`. */
function prefixConsistent(partial: unknown, final: unknown): boolean {
  if (partial === undefined) return true;
  if (typeof partial === 'string') return typeof final === 'string' && final.startsWith(partial);
  if (typeof partial === 'number') return typeof final === 'number';
  if (Array.isArray(partial)) {
    return (
      Array.isArray(final) &&
      partial.length <= final.length &&
      partial.every((item, i) => prefixConsistent(item, final[i]))
    );
  }
  if (typeof partial === 'object' && partial !== null) {
    if (typeof final !== 'object' || final === null || Array.isArray(final)) return false;
    return Object.entries(partial).every(
      ([key, item]) =>
        Object.hasOwn(final, key) &&
        prefixConsistent(item, (final as Record<string, unknown>)[key]),
    );
  }
  return Object.is(partial, final);
}

function paths(value: unknown, prefix = ''): [string, unknown][] {
  const here: [string, unknown][] = [[prefix, value]];
  if (typeof value !== 'object' || value === null) return here;
  return here.concat(
    ...Object.entries(value).map(([key, item]) =>
      paths(item, `${prefix}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`),
    ),
  );
}

describe('property: any JSON value, any chunking', () => {
  const anyUnit = fc.nat(0xffff).map((c) => String.fromCharCode(c));

  it('ends at JSON.parse and every intermediate value is a consistent prefix', () => {
    fc.assert(
      fc.property(
        fc.jsonValue({ stringUnit: fc.oneof(anyUnit, fc.constantFrom('"', '\\', '/', 'é')) }),
        fc.constantFrom(undefined, 1, '\t'),
        fc.array(fc.nat(), { maxLength: 30 }),
        (json, indent, cuts) => {
          const text = JSON.stringify(json, null, indent);
          const expected = JSON.parse(text);
          const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
          const chunks = [0, ...points, text.length]
            .slice(1)
            .map((end, i, ends) => text.slice(i === 0 ? 0 : ends[i - 1], end));
          expect(chunks.join('')).toBe(text);

          const parser = createPartialJsonParser();
          for (const chunk of chunks) {
            const snap = parser.push(chunk);
            const started = hasValue(snap);
            expect(started).toBe(snap.value !== undefined);
            expect(snap.error).toBeUndefined();
            if (parser.text.length < text.length) expect(snap.complete).toBe(false);
            expect(prefixConsistent(snap.value, expected)).toBe(true);
            for (const [path, value] of paths(snap.value)) {
              if (snap.isComplete(path)) expect(value, path).toEqual(valueAt(expected, path));
            }
          }
          const end = parser.push(' ');
          expect(end.error).toBeUndefined();
          expect(end.complete).toBe(true);
          expect(end.value).toEqual(expected);
          expect(end.isComplete('')).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});

function valueAt(value: unknown, path: string): unknown {
  if (path === '') return value;
  return path
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((v, key) => (v as Record<string, unknown>)[key], value);
}

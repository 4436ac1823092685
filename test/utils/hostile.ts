/*
 * Chunks that throw part way: copies of recorded chunks whose objects throw when read at a chosen
 * read, as values an app dispatches from JavaScript may (a getter, a proxy's trap).
 */

/** A small seeded generator (mulberry32): the reads the hostile copies throw at. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A copy of `chunk` whose every object is a proxy that counts the reads made of it (a property
 * read, a key listing, an `in`), and throws at read `at` and every read after it: a getter that
 * throws, put wherever the reducer reads at that moment.
 */
export function hostile(chunk: unknown, at: number, reads = { count: 0 }): unknown {
  const read = () => {
    reads.count++;
    if (reads.count >= at) throw new Error(`hostile read ${reads.count}`);
  };
  const wrap = (value: unknown): unknown =>
    typeof value === 'object' && value !== null ? new Proxy(value, handler) : value;
  const handler: ProxyHandler<object> = {
    get(target, key) {
      read();
      return wrap(Reflect.get(target, key));
    },
    has(target, key) {
      read();
      return Reflect.has(target, key);
    },
    ownKeys(target) {
      read();
      return Reflect.ownKeys(target);
    },
  };
  return wrap(structuredClone(chunk));
}

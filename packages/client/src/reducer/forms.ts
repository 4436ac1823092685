/*
 * The forms a hidden text may be quoted in: a value that comes back escaped, encoded or embedded
 * in another encoding still shows it. Searches for hidden texts look for each of these (see
 * `echo.ts`, `beside.ts`); a call keeps its texts as written and the forms are made per search.
 */

/** Characters HTML escapes, as `escape` functions write them (an apostrophe also as `&#x27;`). */
const HTML = /[&<>"']/g;
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Texts shorter in UTF-8 than this are not searched for in base64: too short to tell apart. */
const MIN_BASE64_BYTES = 6;

const utf8 = new TextEncoder();
const ASCII = /^[\0-\x7f]*$/;

/**
 * Each run of base64 characters that `text` alone decides, wherever it starts in the encoded
 * bytes (three alignments), in both alphabets: a secret inside a `Basic` header or a base64
 * payload. The characters that share bits with the bytes around it are left off.
 */
function addBase64(out: Set<string>, text: string): void {
  // A code unit is at most three bytes of UTF-8: a text this short is short in bytes too.
  if (text.length < MIN_BASE64_BYTES / 3) return;
  // Its UTF-8 bytes, one character each (what `btoa` reads): ASCII as it is.
  let bytes = text;
  if (!ASCII.test(text)) {
    bytes = '';
    for (const byte of utf8.encode(text)) bytes += String.fromCharCode(byte);
  }
  if (bytes.length < MIN_BASE64_BYTES) return;
  for (let shift = 0; shift < 3; shift++) {
    const bits = 8 * (shift + bytes.length);
    const encoded = btoa(shift === 0 ? bytes : '\0'.repeat(shift) + bytes);
    const run = encoded.slice(Math.ceil((8 * shift) / 6), Math.floor(bits / 6));
    out.add(run).add(run.replaceAll('+', '-').replaceAll('/', '_'));
  }
}

/**
 * Each hidden text as it may appear: as written, JSON-escaped (once, twice, and with every
 * character past ASCII as `\uXXXX`, as Python writes JSON), and where that changes it encoded as
 * a link or a form body carries it (`encodeURIComponent`, `encodeURI`, spaces as `+`), escaped
 * for HTML, and in base64 (see {@link addBase64}). Not in each case: the search folds case.
 */
export function addForms(out: Set<string>, text: string): void {
  const once = JSON.stringify(text).slice(1, -1);
  out.add(text).add(once).add(JSON.stringify(once).slice(1, -1));
  out.add(
    once.replace(/[^\0-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
  );
  for (const encode of [encodeURIComponent, encodeURI]) {
    let url: string;
    try {
      url = encode(text);
    } catch {
      // A lone surrogate: no URL carries it.
      continue;
    }
    if (url === text) continue;
    // Escapes in lower case too: the search is in any case (`text-match.ts`).
    out.add(url).add(url.replaceAll('%20', '+'));
  }
  const html = text.replace(HTML, (c) => ENTITIES[c]!);
  out.add(html).add(html.replaceAll('&#39;', '&#x27;'));
  addBase64(out, text);
}

/**
 * `texts` with each in every form it may appear in (see {@link addForms}): what a search for
 * hidden texts looks for. Made when a search is built, so that a call keeps only its texts.
 */
export function withForms(texts: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const text of texts) addForms(out, text);
  return out;
}

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Chromium files each style rule under the id, class, tag or attribute name of its rightmost
 * element and checks an element only against the rules filed under what it has (plus the
 * universal ones). A rule that picks parts by `[data-slot="…"]` is filed by the attribute's
 * name, so every part was checked against every such rule; a rule whose rightmost part is a
 * `:where()` or `:is()` of several selectors is not filed by class either. These tests keep the
 * style sheets on one class per selector, `:where(.tp-<slot>)`.
 */
const src = join(process.cwd(), 'packages', 'ui', 'src');
const sheets = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.css'))
  .sort();

/** The selector lists of every style rule in `css` (at-rule preludes and keyframes left out). */
function selectorsOf(css: string): string[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const selectors: string[] = [];
  for (const match of text.matchAll(/([^{};]*)\{/g)) {
    const prelude = (match[1] ?? '').trim().replace(/\s+/g, ' ');
    if (prelude === '' || prelude.startsWith('@') || /^(from|to|[\d.%, ]+)$/.test(prelude))
      continue;
    selectors.push(prelude);
  }
  return selectors;
}

/** The arguments of each `:where(…)` / `:is(…)` / `:not(…)` in `selector`, as written. */
function pseudoArguments(selector: string): string[] {
  const found: string[] = [];
  for (const match of selector.matchAll(/:(?:where|is|not)\(/g)) {
    let depth = 1;
    let end = (match.index ?? 0) + match[0].length;
    const start = end;
    while (depth > 0 && end < selector.length) {
      if (selector[end] === '(') depth++;
      else if (selector[end] === ')') depth--;
      end++;
    }
    found.push(selector.slice(start, end - 1));
  }
  return found;
}

/** Whether `list` has a comma outside brackets and strings (more than one selector). */
function hasTopLevelComma(list: string): boolean {
  let depth = 0;
  for (const char of list) {
    if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth--;
    else if (char === ',' && depth === 0) return true;
  }
  return false;
}

describe('The style sheets select parts by class', () => {
  it('reads every sheet of the package', () => {
    expect(sheets).toContain('styles.css');
    expect(sheets.length).toBeGreaterThan(10);
    const rules = sheets.flatMap((file) => selectorsOf(readFileSync(join(src, file), 'utf8')));
    expect(rules.length).toBeGreaterThan(150);
    expect(rules.some((rule) => rule.includes('.tp-tool-call'))).toBe(true);
  });

  it.each(sheets)('%s: no rule selects on a data-slot value', (file) => {
    const rules = selectorsOf(readFileSync(join(src, file), 'utf8'));
    expect(rules.filter((rule) => rule.includes('data-slot'))).toEqual([]);
  });

  it.each(sheets)('%s: no :where(), :is() or :not() of several selectors', (file) => {
    const rules = selectorsOf(readFileSync(join(src, file), 'utf8'));
    expect(rules.filter((rule) => pseudoArguments(rule).some(hasTopLevelComma))).toEqual([]);
  });

  it.each(sheets)('%s: no :has() and no sibling combinator', (file) => {
    const rules = selectorsOf(readFileSync(join(src, file), 'utf8'));
    expect(rules.filter((rule) => /:has\(|[~+](?![^[]*\])/.test(rule))).toEqual([]);
  });

  it('finds a selector on a data-slot value, a list in :where() and a :has() where they are', () => {
    const css = `/* a { } */
:where([data-slot="tool-call"]) { color: red; }
@media (width > 1px) { :where(.tp-a, .tp-b) > :where(p) { margin: 0; } }
:where(.tp-a:has(p)) { margin: 0; }
@keyframes x { from { opacity: 0; } to { opacity: 1; } }`;
    const rules = selectorsOf(css);
    expect(rules).toEqual([
      ':where([data-slot="tool-call"])',
      ':where(.tp-a, .tp-b) > :where(p)',
      ':where(.tp-a:has(p))',
    ]);
    expect(rules.filter((rule) => rule.includes('data-slot'))).toHaveLength(1);
    expect(rules.filter((rule) => pseudoArguments(rule).some(hasTopLevelComma))).toHaveLength(1);
    expect(rules.filter((rule) => /:has\(|[~+](?![^[]*\])/.test(rule))).toHaveLength(1);
  });
});

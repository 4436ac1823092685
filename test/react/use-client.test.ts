import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = join(process.cwd(), 'packages', 'react');
const srcDir = join(root, 'src');
const files = readdirSync(srcDir, { recursive: true, encoding: 'utf8' })
  .filter((name) => /\.tsx?$/.test(name))
  .map((name) => name.split('\\').join('/'))
  .sort();

/** Whether a file runs React code: it imports a value from React, or a hook from anywhere. */
function usesReact(source: ts.SourceFile): boolean {
  return source.statements.some((statement) => {
    if (!ts.isImportDeclaration(statement)) return false;
    const from = (statement.moduleSpecifier as ts.StringLiteral).text;
    const clause = statement.importClause;
    if (clause === undefined || clause.isTypeOnly) return false;
    const bindings = clause.namedBindings;
    if (from === 'react' && (clause.name !== undefined || bindings === undefined)) return true;
    if (bindings === undefined) return false;
    if (ts.isNamespaceImport(bindings)) return from === 'react';
    return bindings.elements.some(
      (element) => !element.isTypeOnly && (from === 'react' || /^use[A-Z]/.test(element.name.text)),
    );
  });
}

function startsWithUseClient(source: ts.SourceFile): boolean {
  const first = source.statements[0];
  return (
    first !== undefined &&
    ts.isExpressionStatement(first) &&
    ts.isStringLiteral(first.expression) &&
    first.expression.text === 'use client'
  );
}

const { config } = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile);
const { options } = ts.parseJsonConfigFileContent(config, ts.sys, root);

describe("'use client'", () => {
  it.each(files)('%s starts with it when it uses React at run time', (name) => {
    const text = readFileSync(join(srcDir, name), 'utf8');
    const source = ts.createSourceFile(name, text, ts.ScriptTarget.ES2022, true);
    if (!usesReact(source) && !name.endsWith('.tsx')) {
      expect(startsWithUseClient(source)).toBe(false);
      return;
    }
    expect(startsWithUseClient(source)).toBe(true);
  });

  it.each(files)('%s keeps it as the first line of the emitted JavaScript', (name) => {
    const text = readFileSync(join(srcDir, name), 'utf8');
    const { outputText } = ts.transpileModule(text, { compilerOptions: options, fileName: name });
    expect(outputText.startsWith("'use client';")).toBe(text.startsWith("'use client';"));
  });

  it('covers the hook files', () => {
    const withDirective = files.filter((name) =>
      readFileSync(join(srcDir, name), 'utf8').startsWith("'use client';"),
    );
    expect(withDirective).toEqual(
      expect.arrayContaining([
        'provider/toolpane-provider.tsx',
        'registry/tool-call-view.tsx',
        'provider/use-toolpane-selector.ts',
        'hooks/use-tool-call.ts',
        'hooks/use-approval.ts',
        'hooks/use-agent.ts',
      ]),
    );
  });
});

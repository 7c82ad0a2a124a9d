// No two modules of src/ import each other, even through type-only imports: the one check of
// import cycles (ESLint's import-x/no-cycle, which skipped `import type` and took most of the
// lint stage's time, was dropped for it). A cycle of types — the five the catalogue issue found
// (cli engine/commands, lenientSchema, bucket/taskStore, chrome/pageModel, jsoncTree/jsoncTreeNode)
// were all of that kind — is caught here as well as a cycle of values.
import { strict as assert } from 'node:assert';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import * as ts from 'typescript';

const SRC = resolve(__dirname, '..', '..', '..', 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : /\.ts$/.test(e.name) && !e.name.endsWith('.d.ts') ? [join(dir, e.name)] : [],
  );
}

/** The files of src/ that `file` imports, type-only imports, re-exports and require() included. */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .filter((f) => f.fileName.startsWith('.'))
    .map((f) => resolve(dirname(file), f.fileName))
    .map((base) => [`${base}.ts`, join(base, 'index.ts')].find((c) => existsSync(c)))
    .filter((f): f is string => f !== undefined);
}

/** Strongly connected components with more than one module (Tarjan), or a module importing itself. */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('import cycles', () => {
  it('no module of src/ reaches itself through its imports (type-only ones included)', () => {
    const files = sourceFiles(SRC);
    assert.ok(files.length > 100, `found only ${files.length} source files under ${SRC}`);
    const graph = new Map(files.map((f) => [f, importsOf(f)]));
    const found = cycles(graph).map((c) => c.map((f) => relative(SRC, f)).join(' ↔ '));
    assert.deepEqual(found, [], 'break a cycle by moving the shared piece down or inverting a dependency (an interface where it is used)');
  });

  it('core/loc (locating things in the JSONC text) imports nothing from core/fixes, which builds on it', () => {
    const loc = join(SRC, 'core', 'loc');
    const fixes = join(SRC, 'core', 'fixes');
    const upward = sourceFiles(loc).flatMap((f) =>
      importsOf(f)
        .filter((d) => d.startsWith(fixes))
        .map((d) => `${relative(SRC, f)} → ${relative(SRC, d)}`),
    );
    assert.deepEqual(upward, []);
  });

  it('counts type-only imports, and reports two modules importing each other but not a chain', () => {
    // chrome.ts has only `import type { PageModel } from './pageModel'`.
    assert.ok(importsOf(join(SRC, 'render', 'layout', 'chrome.ts')).includes(join(SRC, 'render', 'layout', 'pageModel.ts')));
    const [a, b, c] = ['/a.ts', '/b.ts', '/c.ts'];
    const pair = new Map([
      [a, [b]],
      [b, [a, c]],
    ]);
    assert.deepEqual(cycles(pair), [[a, b]]);
    assert.deepEqual(
      cycles(
        new Map([
          [a, [b]],
          [b, [c]],
        ]),
      ),
      [],
    );
  });
});

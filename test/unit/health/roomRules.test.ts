/**
 * ESLint keeps the same arrows as tsc: for every pair of rooms, a probe import that `tsc -b`
 * refuses (the importing room's tsconfig does not reference the other, TS6307) fails ESLint
 * too, and one it allows passes — except the rooms a room may reach for types only, whose
 * code comes through a lazily loaded bundle (docs/architecture.md, Rooms).
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';

const root = join(__dirname, '..', '..', '..');
const src = join(root, 'src');

/** Each room's references, read here on their own (the config reads them too; both must agree with tsc). */
const references = new Map(
  readdirSync(src, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(src, d.name, 'tsconfig.json')))
    .map((d) => {
      const config = JSON.parse(readFileSync(join(src, d.name, 'tsconfig.json'), 'utf8')) as { references?: { path: string }[] };
      return [d.name, (config.references ?? []).map((r) => r.path.replace(/^\.\.\//, ''))] as const;
    }),
);

/** Referenced for types only: a value import fails ESLint though tsc allows it. */
const TYPE_ONLY: Record<string, string[]> = { extension: ['service', 'cli', 'web'], cli: ['service', 'render'], webview: ['core'] };

async function restrictedImports(eslint: ESLint, file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('ESLint room rules follow the project references', function () {
  this.timeout(60_000);
  const eslint = new ESLint({ cwd: root });

  it('knows every room', () => {
    assert.ok(references.size >= 9, `rooms found: ${[...references.keys()].join(', ')}`);
  });

  for (const [from, allowed] of references) {
    it(`src/${from}: what tsc refuses, ESLint refuses; what tsc allows, ESLint allows (types only where declared)`, async () => {
      const wrong: string[] = [];
      // From the room's top folder and from a subfolder (the rules are written per depth).
      for (const [to, file, up] of [...references.keys()].flatMap((t) => [
        [t, `src/${from}/probe.ts`, '../'],
        [t, `src/${from}/sub/probe.ts`, '../../'],
      ])) {
        if (to === from) continue;
        const value = await restrictedImports(eslint, file, `import { probe } from '${up}${to}/probe';\nexport const x = probe;\n`);
        const type = await restrictedImports(eslint, file, `import type { Probe } from '${up}${to}/probe';\nexport type X = Probe;\n`);
        const referenced = allowed.includes(to);
        const typeOnly = TYPE_ONLY[from]?.includes(to) ?? false;
        if (!referenced && (value.length === 0 || type.length === 0)) wrong.push(`${from} → ${to}: tsc refuses it, ESLint lets it pass`);
        if (referenced && !typeOnly && value.length > 0) wrong.push(`${from} → ${to}: tsc allows it, ESLint refuses: ${value[0]}`);
        if (referenced && typeOnly && (value.length === 0 || type.length > 0))
          wrong.push(
            `${from} → ${to}: types only, ESLint says value ${value.length ? 'refused' : 'allowed'}, type ${type.length ? 'refused' : 'allowed'}`,
          );
      }
      assert.deepEqual(wrong, []);
    });
  }

  it("a room's own subfolder named like another room is not that room (src/extension/service/ is not src/service/)", async () => {
    const own = await restrictedImports(
      eslint,
      'src/extension/viewer/probe.ts',
      `import { probe } from '../service/probe';\nexport const x = probe;\n`,
    );
    assert.deepEqual(own, []);
    const other = await restrictedImports(
      eslint,
      'src/extension/probe.ts',
      `import { probe } from '../service/probe';\nexport const x = probe;\n`,
    );
    assert.equal(other.length, 1, 'a value import of the local service from src/extension/ is refused');
  });

  it('only src/extension imports vscode', async () => {
    for (const from of references.keys()) {
      const refused = await restrictedImports(
        eslint,
        `src/${from}/probe.ts`,
        `import * as vscode from 'vscode';\nexport const x = vscode;\n`,
      );
      assert.equal(refused.length > 0, from !== 'extension', `src/${from} importing vscode`);
    }
  });
});

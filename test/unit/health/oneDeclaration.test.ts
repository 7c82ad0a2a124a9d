// Facts declared once: a union spelled out again in another file drifts from the first one
// the day a member is added. Each entry names the one file that declares it.
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? (e.name === 'fixtures' ? [] : tsFiles(join(dir, e.name))) : /\.(ts|mts|cts)$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

const DECLARED_ONCE = [
  // The task kind: `TaskKind` in core/api/types.ts, in either order of its members.
  {
    what: 'the task kind (build or preview)',
    home: 'src/core/api/types.ts',
    spelled: /(['"])(build|preview)\1\s*\|\s*(['"])(?!\2)(build|preview)\3/,
  },
];

describe('declared once', () => {
  const files = ['src', 'test', 'scripts'].flatMap((d) => tsFiles(join(ROOT, d)));

  for (const { what, home, spelled } of DECLARED_ONCE) {
    it(`${what} is spelled out only in ${home}`, () => {
      const where = files.filter((f) => spelled.test(readFileSync(f, 'utf8'))).map((f) => relative(ROOT, f).split('\\').join('/'));
      assert.deepEqual(where, [home], 'import the type from there instead');
    });
  }
});

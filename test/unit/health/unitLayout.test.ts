// test/unit/ mirrors src/: a test of src/<room>/<path>/x.ts lives in test/unit/<room>/<path>/, so
// the tests of a module are found where the module is. Folders that check across rooms are named.
import { strict as assert } from 'node:assert';
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');
const UNIT = join(ROOT, 'test', 'unit');

/** Folders of test/unit/ that are not a folder of src/, and why. */
const CROSS_CUTTING: Record<string, string> = {
  health: 'checks of the whole tree (rooms, cycles, names, docs)',
  hardening: 'guards that span several rooms',
  package: 'the packaged .vsix and the README',
};

function folders(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .flatMap((e) => [join(dir, e.name), ...folders(join(dir, e.name))]);
}

describe('test/unit layout', () => {
  it('every folder of test/unit/ is a folder of src/ (or a named cross-cutting one, or fixtures)', () => {
    const stray = folders(UNIT)
      .map((d) => relative(UNIT, d).split(/[\\/]/))
      .filter((parts) => !(parts[0] in CROSS_CUTTING) && !parts.includes('fixtures'))
      .map((parts) => parts.join('/'))
      .filter((p) => !existsSync(join(ROOT, 'src', p)));
    assert.deepEqual(stray, [], 'move these tests (git mv) under test/unit/<room>/<path> of the module they test');
  });
});

// `prettier --check .` sees no build or test output, whichever ignore file a checker reads:
// Prettier 3 reads .gitignore and .prettierignore, Prettier 2 (and `--ignore-path .prettierignore`)
// only .prettierignore. A bundle the build writes into the tree (media/compare/compare.js) is
// not formatted, and an outside checker that ran after a build reported it.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getFileInfo } from 'prettier';

const ROOT = join(__dirname, '..', '..', '..');

/** A file each line of .gitignore ignores: the file itself, one inside a folder, one of a pattern. */
function probeFor(pattern: string): string {
  if (pattern.endsWith('/')) return `${pattern}probe.json`;
  return pattern.replace(/\*/g, 'probe');
}

describe('format check ignores', () => {
  it('everything .gitignore leaves out of the tree, .prettierignore leaves out of the format check too', async () => {
    const patterns = readFileSync(join(ROOT, '.gitignore'), 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#') && !l.startsWith('!'));
    assert.ok(patterns.length > 5, `found only ${patterns.length} patterns in .gitignore`);
    const checked: string[] = [];
    for (const pattern of patterns) {
      const probe = probeFor(pattern);
      const info = await getFileInfo(join(ROOT, probe), { ignorePath: join(ROOT, '.prettierignore') });
      if (!info.ignored) checked.push(`${probe} (.gitignore: ${pattern})`);
    }
    assert.deepEqual(checked, [], 'add these to .prettierignore: a checker that reads only .prettierignore would check them');
  });
});

// scripts/build.mjs refuses to run when a bundle's entry file is missing (it used to skip the
// bundle, so a renamed entry shipped an extension or a CLI without it). Run on a copy of
// scripts/ with every entry but one present (empty files: the check comes before esbuild).
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');
// build.mjs's own bundles, and the browser ones it builds with scripts/web-build.mjs's options.
const BUILD = ['build.mjs', 'web-build.mjs'].map((f) => readFileSync(join(ROOT, 'scripts', f), 'utf8')).join('\n');
const BUNDLE_ENTRIES = [...BUILD.matchAll(/entry: '([^']+)'/g)].map((m) => m[1]);
const VIEWER_ENTRY = /VIEWER_ENTRY = '([^']+)'/.exec(readFileSync(join(ROOT, 'scripts', 'build-viewer.mjs'), 'utf8'))![1];

describe('scripts/build.mjs bundle entries', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'build-entries-'));
    cpSync(join(ROOT, 'scripts'), join(dir, 'scripts'), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('lists entries that all exist in the repository', () => {
    assert.ok(BUNDLE_ENTRIES.length >= 8, `found ${BUNDLE_ENTRIES.length} entries in scripts/build.mjs`);
    assert.deepEqual(
      [...BUNDLE_ENTRIES, VIEWER_ENTRY].filter((e) => !existsSync(join(ROOT, e))),
      [],
    );
  });

  it('are every one an entry of knip.jsonc (so knip sees what ships)', () => {
    const knip = readFileSync(join(ROOT, 'knip.jsonc'), 'utf8');
    assert.deepEqual(
      [...BUNDLE_ENTRIES, VIEWER_ENTRY].filter((e) => !knip.includes(`"${e}"`)),
      [],
    );
  });

  it('fails naming the missing entry, before writing anything', () => {
    const [gone, ...present] = [...BUNDLE_ENTRIES, VIEWER_ENTRY];
    for (const entry of present) {
      mkdirSync(join(dir, dirname(entry)), { recursive: true });
      writeFileSync(join(dir, entry), '');
    }
    const run = spawnSync(process.execPath, [join(dir, 'scripts', 'build.mjs'), '--quiet'], { cwd: dir, encoding: 'utf8' });
    assert.equal(run.status, 1, run.stderr);
    assert.match(run.stderr, new RegExp(`missing bundle entry: ${gone.replace(/[.]/g, '\\.')} `));
    assert.equal(existsSync(join(dir, 'dist')), false, 'nothing is built');
  });
});

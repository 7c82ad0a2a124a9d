// Every source file the docs (and ESLint's messages) name exists: a file moved or renamed
// without its mentions leaves a newcomer looking for it. Checked: paths from the repository
// root (`src/render/woff.ts`), paths inside src/ from a room (`core/loc/anchoring.ts`, or
// relative to the doc's own folder), and bare file names in backticks (`renderPdf.ts`).
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');
const tracked = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
const trackedNames = new Set(tracked.map((f) => basename(f)));
// Not scanned: CHANGELOG.md records history (files that were moved since); the fixtures and
// docs/sdk-defaults.md name the files of other projects (the official SDKs).
const OTHER_PROJECTS = new Set(['CHANGELOG.md', 'docs/sdk-defaults.md']);
const SCANNED = [
  ...tracked.filter((f) => f.endsWith('.md') && !OTHER_PROJECTS.has(f) && !f.startsWith('test/fixtures/')),
  'eslint.config.mjs',
];

const FROM_ROOT = /(?<![\w./-])((?:src|scripts|test|docs|schemas|assets|media|examples)\/[\w./-]*[\w-]\.(?:ts|mjs|cjs|md|json))\b/g;
const FROM_ROOM = /(?<![\w./-])((?:core|render|service|cli|extension|webview|net)\/[\w./-]*[\w-]\.ts)\b/g;
const BARE = /`([\w.-]+\.(?:ts|mjs))`/g;

describe('paths named in the docs', () => {
  it('exist', () => {
    const missing: string[] = [];
    for (const doc of SCANNED) {
      readFileSync(join(ROOT, doc), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          const at = `${doc}:${i + 1}`;
          for (const [, p] of line.matchAll(FROM_ROOT)) if (!existsSync(join(ROOT, p))) missing.push(`${at} ${p}`);
          for (const [, p] of line.matchAll(FROM_ROOM)) {
            if (!existsSync(join(ROOT, 'src', p)) && !existsSync(join(ROOT, dirname(doc), p))) missing.push(`${at} ${p}`);
          }
          for (const [, name] of line.matchAll(BARE)) if (!trackedNames.has(name)) missing.push(`${at} ${name}`);
        });
    }
    assert.deepEqual(missing, []);
  });
});

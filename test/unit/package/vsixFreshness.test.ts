// When the .vsix must be packaged again (scripts/package.mjs): a change to what it is made from,
// never a build's own outputs. The build stage, the unit stage's packaging and the integration
// stage all build; a built file counted as an input made the e2e stage package a second time
// on every fresh clone (24 s in CI).
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = join(__dirname, '..', '..', '..');

/** Imports a script of scripts/ (ES modules) from this CommonJS test. */
const importScript = <T>(name: string): Promise<T> =>
  new Function('u', 'return import(u)')(pathToFileURL(join(ROOT, 'scripts', name)).href) as Promise<T>;

describe('package: what makes the .vsix stale', () => {
  let isPackageInput: (relPath: string) => boolean;
  let mediaOutputs: string[];

  before(async () => {
    ({ isPackageInput } = await importScript<{ isPackageInput: (p: string) => boolean }>('package.mjs'));
    ({ MEDIA_OUTPUTS: mediaOutputs } = await importScript<{ MEDIA_OUTPUTS: string[] }>('freshness.mjs'));
  });

  it('counts the media written by hand, not the media a build writes', () => {
    for (const input of ['media/compare/compare.css', 'media/viewer/viewer.css', 'media/icon.png', 'media/walkthrough/build.md'])
      assert.equal(isPackageInput(input), true, input);
    for (const built of [
      'media/compare/compare.js',
      'media/viewer/viewer.js',
      'media/pdfjs',
      'media/pdfjs/pdf.min.mjs',
      'media/pdfjs/cmaps/GBK-EUC-H.bcmap',
    ])
      assert.equal(isPackageInput(built), false, built);
    assert.equal(isPackageInput('media/compare/compare.js.map'), false, 'a source map stays out of the package');
    assert.equal(isPackageInput('src/webview/compare/main.ts'), true, 'what the compare view is built from');
  });

  it('knows every built file under media/ that git ignores', () => {
    const ignoredMedia = readFileSync(join(ROOT, '.gitignore'), 'utf8')
      .split('\n')
      .map((l) => l.trim().replace(/\/$/, ''))
      .filter((l) => l.startsWith('media/') && !l.endsWith('.map'));
    assert.ok(ignoredMedia.length > 0, '.gitignore lists built media');
    assert.deepEqual([...ignoredMedia].sort(), [...mediaOutputs].sort(), 'MEDIA_OUTPUTS (scripts/freshness.mjs) and .gitignore differ');
  });
});

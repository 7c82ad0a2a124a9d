// The packaged .vsix holds what the installed extension needs and nothing else.
// Packages via scripts/package.mjs --if-stale: reused when newer than every input, so a test
// run (this test and the e2e harness) packages at most once.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { packagedVsix, vsixEntries } from '../../helpers/vsix';

const ROOT = path.resolve(__dirname, '..', '..', '..');

describe('the packaged .vsix', function () {
  this.timeout(180_000); // a cold package runs the production build and vsce
  let vsix: string;
  let entries: string[];
  let files: string[]; // paths inside the extension folder

  before(async () => {
    vsix = packagedVsix();
    entries = await vsixEntries(vsix);
    files = entries.filter((e) => e.startsWith('extension/')).map((e) => e.slice('extension/'.length));
  });

  it('is named report-studio-<version>.vsix after package.json', () => {
    const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    assert.equal(path.basename(vsix), `report-studio-${version}.vsix`);
    assert.ok(entries.includes('extension.vsixmanifest'));
  });

  it('contains the bundle, the schema, the media, the examples and the docs', () => {
    for (const required of ['package.json', 'dist/extension.js', 'schemas/report.schema.json', 'media/icon.png']) {
      assert.ok(files.includes(required), `${required} missing from ${vsix}`);
    }
    // vsce stores README.md/CHANGELOG.md lower-cased and LICENSE as LICENSE.txt.
    for (const doc of [/^readme\.md$/i, /^changelog\.md$/i, /^license(\.txt|\.md)?$/i]) {
      assert.ok(
        files.some((f) => doc.test(f)),
        `${doc} matches no packaged file`,
      );
    }
    assert.ok(
      files.some((f) => f.startsWith('examples/') && f.endsWith('.report.json')) || !fs.existsSync(path.join(ROOT, 'examples')),
      'examples missing',
    );
  });

  it('leaves out sources, tests, tooling, source maps and dependencies', () => {
    const forbidden = [
      /^src\//,
      /^test\//,
      /^scripts\//,
      /^\.vscode-test\//,
      /^node_modules\//,
      /^out\//,
      /^\.ci\//,
      /^docs\//,
      /^test-results\//,
      /\.map$/,
      /^tsconfig\.json$/,
      /^package-lock\.json$/,
      /^\.vscodeignore$/,
      /^media\/icon\.svg$/,
      /^\.mocharc/,
      /\.ts$/,
      /^\.git/,
    ];
    const leaked = files.filter((f) => forbidden.some((re) => re.test(f)));
    assert.deepEqual(leaked, []);
    assert.ok(!entries.some((e) => e.includes('node_modules/')), 'no dependency is packaged (everything is bundled)');
  });

  it('holds the bundles the extension loads and not the CLI or the standalone service', () => {
    for (const loaded of [
      'dist/extension.js',
      'dist/studio.js',
      'dist/engine.js',
      'dist/fixEngine.js',
      'dist/formatter.js',
      // The `browser` entry (VS Code for the Web), with the browser engine inside.
      'dist/web/extension.js',
      'schemas/report.schema.json',
      // What VS Code's JSON service reads (package.json jsonValidation): completion and hover, no problems.
      'schemas/report.editor.schema.json',
      'dist/render-worker.js',
      'dist/body-worker.js',
    ]) {
      assert.ok(files.includes(loaded), `${loaded} missing`);
    }
    for (const unused of ['dist/cli.js', 'dist/mcp.js', 'dist/local-service.js', 'dist/web/renderer.js', 'dist/web/engine.js'])
      assert.ok(!files.includes(unused), `${unused} is packaged but never loaded`);
  });

  it('holds the translations: package.nls*.json beside the manifest and the l10n/ bundles it names', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    const folder = path.posix.normalize(manifest.l10n);
    const inRepo = [
      ...fs.readdirSync(ROOT).filter((f) => /^package\.nls(\.[\w-]+)?\.json$/.test(f)),
      ...fs.readdirSync(path.join(ROOT, folder)).map((f) => `${folder}/${f}`),
    ];
    assert.ok(inRepo.includes('package.nls.json') && inRepo.includes(`${folder}/bundle.l10n.json`), 'the English files exist');
    for (const file of inRepo) assert.ok(files.includes(file), `${file} missing from the .vsix`);
  });

  it("holds the WASM the local service's renderer compiles at run time", () => {
    for (const wasm of ['dist/pdfium.wasm', 'dist/webp_dec.wasm', 'dist/libjpegturbowasm.wasm'])
      assert.ok(files.includes(wasm), `${wasm} missing (scripts/render-assets.mjs copies it)`);
  });

  it('ships a manifest whose entry point and schema exist in the package', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    assert.ok(files.includes(path.posix.normalize(manifest.main)), `main ${manifest.main} is packaged`);
    for (const v of manifest.contributes.jsonValidation) assert.ok(files.includes(path.posix.normalize(v.url)), `${v.url} is packaged`);
    assert.ok(files.includes(manifest.icon), `icon ${manifest.icon} is packaged`);
  });
});

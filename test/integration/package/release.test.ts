/**
 * The store listing and the release (docs/publishing.md). The packaged .vsix is unzipped and its
 * extension/readme.md read: every relative link of README.md is absolute there, pinned to the
 * release's tag, and points at a file of the repository. `scripts/release.mjs --dry-run` runs
 * against fixture changelogs and versions (package.json is left as it is), packages both
 * packages into a temporary folder, and prints the publish commands — never a token.
 * One file, so its packagings (each a production build of dist/) run one after another.
 */
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { packagedVsix, readVsixEntry } from '../../helpers/vsix';
import { filesUnder } from '../../helpers/files';
import { ROOT } from '../cli/cliHarness';
import { runProgram, userEnv } from './npmPackage';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string; repository: { url: string } };
/** https://github.com/<owner>/<name>, from package.json's repository (as vsce reads it). */
const REPO = pkg.repository.url.replace(/\.git$/, '');
/** Markdown links and pictures: [text](target) and ![alt](target). */
const LINK = /(!?)\[[^\]]*\]\(([^)\s]+)\)/g;

function links(markdown: string): { image: boolean; target: string }[] {
  return [...markdown.matchAll(LINK)].map((m) => ({ image: m[1] === '!', target: m[2] }));
}

const isRelative = (target: string) => !/^[a-z][\w+.-]*:/i.test(target) && !target.startsWith('#');

describe('package: the store listing (the packaged README)', function () {
  this.timeout(300_000); // a cold package runs the production build and vsce
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  let packaged: string;

  before(async () => {
    packaged = await readVsixEntry(packagedVsix(), 'extension/readme.md');
  });

  it('turns each relative link of README.md into one pinned to the tag v<version>, and is otherwise the README', () => {
    const relative = links(readme).filter((l) => isRelative(l.target));
    assert.ok(relative.filter((l) => l.image).length >= 7, 'README.md shows its pictures by relative links');
    let expected = readme;
    for (const { image, target } of relative) {
      const absolute = `${REPO}/${image ? 'raw' : 'blob'}/v${pkg.version}/${posix.normalize(target)}`;
      expected = expected.replace(`](${target})`, `](${absolute})`);
    }
    assert.equal(packaged, expected);
    assert.match(packaged, /npm install && npm start/);
    assert.match(packaged, /^npm test\b/m);
  });

  it('has no relative link left, and each link into the repository names a file of the working tree', () => {
    const all = links(packaged);
    assert.deepEqual(
      all.filter((l) => isRelative(l.target)),
      [],
      'relative links are broken on the Marketplace and Open VSX',
    );
    // Links to the repository's files (not its issues or home page): raw/, blob/ or tree/.
    const intoRepo = all.filter((l) => /^(raw|blob|tree)\//.test(l.target.slice(REPO.length + 1)) && l.target.startsWith(`${REPO}/`));
    assert.ok(intoRepo.length >= 7, `the pictures link into ${REPO}`);
    for (const { image, target } of intoRepo) {
      const prefix = `${REPO}/${image ? 'raw' : 'blob'}/v${pkg.version}/`;
      assert.ok(target.startsWith(prefix), `${target} starts with ${prefix}`);
      const path = target.slice(prefix.length);
      assert.ok(!path.split('/').includes('..'), `${target} stays inside the repository`);
      assert.ok(existsSync(join(ROOT, path)) && statSync(join(ROOT, path)).isFile(), `${path} exists in the repository`);
    }
  });
});

describe('package: npm run release -- --dry-run', function () {
  this.timeout(300_000); // each packaging: a production build, vsce, the CLI's minified tarball
  // Fake tokens: the release must pass them to vsce/ovsx by environment and print neither.
  const TOKENS = { VSCE_PAT: 'vsce-token-3f9a1c77e2', OVSX_PAT: 'ovsx-token-b81d0e5a46' };
  let dir: string;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rs-release-'));
    const entries = '- **Store listing.** Pictures that show.\n- **Release.** One command.\n';
    await writeFile(
      join(dir, 'CHANGELOG.md'),
      `# Changelog\n\n## [Unreleased]\n\n## [0.3.0] - 2026-12-01\n\n${entries}\n## [0.2.0] - 2026-11-30\n\n${entries}`,
    );
    await writeFile(join(dir, 'UNRELEASED.md'), `# Changelog\n\n## [Unreleased]\n\n${entries}\n## [0.2.0] - 2026-11-30\n\n${entries}`);
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  function release(args: string[], env: Record<string, string>) {
    const clean = userEnv(env);
    for (const name of Object.keys(TOKENS)) if (!(name in env)) delete clean[name];
    return runProgram(process.execPath, [join(ROOT, 'scripts', 'release.mjs'), ...args], { cwd: ROOT, env: clean, timeoutMs: 290_000 });
  }

  function assertNoToken(text: string) {
    for (const [name, value] of Object.entries(TOKENS)) assert.ok(!text.includes(value), `the value of ${name} is printed`);
  }

  // One packaging (a production build, vsce, the CLI's tarball: about a minute): the odd minor,
  // whose flags differ; an even minor's verdict is checked by the refusal below, before packaging.
  for (const { version, pre } of [{ version: '0.3.0', pre: true }]) {
    it(`${version}: packages the .vsix and the CLI, ${pre ? 'a pre-release (odd minor)' : 'a release (even minor)'}, and prints the publish commands`, async () => {
      const out = join(dir, `out-${version}`);
      const r = await release(['--dry-run', '--changelog', join(dir, 'CHANGELOG.md'), '--version', version, '--out', out], TOKENS);
      assert.equal(r.code, 0, r.stdout + r.stderr);
      assertNoToken(r.stdout + r.stderr);

      const vsix = join(out, `report-studio-${version}.vsix`);
      const tarball = join(out, `report-studio-${version}.tgz`);
      assert.deepEqual(
        (await filesUnder(out)).filter((f) => !f.startsWith('package/')),
        [`report-studio-${version}.tgz`, `report-studio-${version}.vsix`],
      );
      const flag = pre ? ' --pre-release' : '';
      const lines = r.stdout.split('\n').map((l) => l.trim());
      assert.ok(lines.includes(`node node_modules/@vscode/vsce/vsce publish --packagePath ${vsix}${flag}`), r.stdout);
      assert.ok(lines.includes(`node node_modules/ovsx/bin/ovsx publish --packagePath ${vsix}${flag}`), r.stdout);
      assert.ok(lines.includes(`npm publish ${tarball}${pre ? ' --tag next' : ''}`), r.stdout);
      assert.ok(lines.includes('VS Code Marketplace ($VSCE_PAT, set)') && lines.includes('Open VSX ($OVSX_PAT, set)'), r.stdout);

      // The .vsix says what the commands claim: its version, pre-release or not, links at its tag.
      const manifest = await readVsixEntry(vsix, 'extension.vsixmanifest');
      assert.match(manifest, new RegExp(`<Identity [^>]*Version="${version.replaceAll('.', '\\.')}"`));
      assert.equal(manifest.includes('<Property Id="Microsoft.VisualStudio.Code.PreRelease" Value="true" />'), pre);
      assert.ok((await readVsixEntry(vsix, 'extension/readme.md')).includes(`${REPO}/raw/v${version}/docs/images/`));
      assert.equal(JSON.parse(readFileSync(join(out, 'package', 'package.json'), 'utf8')).version, version);
    });
  }

  it('refuses a version the changelog has no section for, names it, and packages nothing', async () => {
    const out = join(dir, 'out-refused');
    const r = await release(['--dry-run', '--changelog', join(dir, 'UNRELEASED.md'), '--version', '0.3.0', '--out', out], TOKENS);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.ok(
      r.stderr.includes(`release: ${join(dir, 'UNRELEASED.md')} has no "## [0.3.0]" section (it has [Unreleased], [0.2.0])`),
      r.stderr,
    );
    assert.match(r.stderr, /1 problem; nothing was packaged or published\.$/m);
    assert.equal(existsSync(out), false);
    assertNoToken(r.stdout + r.stderr);
  });

  it('without --dry-run, refuses before packaging when a token is missing', async () => {
    const out = join(dir, 'out-no-token');
    // VSCE_PAT unset: this run can never reach a registry.
    const r = await release(['--changelog', join(dir, 'CHANGELOG.md'), '--version', '0.2.0', '--out', out], { OVSX_PAT: TOKENS.OVSX_PAT });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /^release: report-studio 0\.2\.0, a release \(even minor\), tag v0\.2\.0$/m);
    assert.match(r.stderr, /^release: VSCE_PAT is not set: the VS Code Marketplace token\.$/m);
    assert.doesNotMatch(r.stderr, /OVSX_PAT is not set/);
    assert.equal(existsSync(out), false);
    assertNoToken(r.stdout + r.stderr);
  });
});

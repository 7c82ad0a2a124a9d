/**
 * The README's pictures (docs/images/, refreshed by `npm run docs:images` from the e2e
 * screenshots): each one the script makes is in the README, is a real PNG within the size cap,
 * and every picture the README shows exists; package.json names the repository, so `vsce
 * package --githubBranch v<version>` (scripts/package.mjs) turns the relative image links into
 * absolute ones pinned to the release's tag (test/integration/package/release.test.ts reads the
 * packaged readme).
 */
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = join(__dirname, '../../..');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('package: the README pictures', () => {
  let docImages: Record<string, string>;
  let maxBytes: number;
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const shown = [...readme.matchAll(/!\[[^\]]*\]\(([^)]+)\)/g)].map((m) => m[1]);

  before(async () => {
    const url = pathToFileURL(join(ROOT, 'scripts/docs-images.mjs')).href;
    const mod = await (new Function('u', 'return import(u)')(url) as Promise<{
      DOC_IMAGES: Record<string, string>;
      RENDER_TOOL_IMAGES: Record<string, unknown>;
      MAX_IMAGE_BYTES: number;
    }>);
    docImages = { ...mod.DOC_IMAGES, ...Object.fromEntries(Object.keys(mod.RENDER_TOOL_IMAGES).map((n) => [n, 'render tool'])) };
    maxBytes = mod.MAX_IMAGE_BYTES;
  });

  it('shows every picture the script makes, each a PNG under the size cap', () => {
    for (const name of Object.keys(docImages)) {
      const file = join(ROOT, 'docs/images', name);
      assert.ok(shown.includes(`docs/images/${name}`), `README.md shows docs/images/${name}`);
      assert.ok(readFileSync(file).subarray(0, 8).equals(PNG), `${name} is a PNG`);
      assert.ok(statSync(file).size <= maxBytes, `${name} is at most ${maxBytes / 1024} KB`);
    }
    assert.deepEqual(readdirSync(join(ROOT, 'docs/images')).sort(), Object.keys(docImages).sort(), 'no stray pictures');
  });

  it('links only pictures in the repository (relative), and package.json says where the repository is', () => {
    assert.ok(shown.length >= 6, 'the Features section has its pictures');
    for (const link of shown) {
      assert.match(link, /^docs\/images\/[\w-]+\.png$/, `${link}: relative, PNG (vsce refuses SVG)`);
      assert.ok(statSync(join(ROOT, link)).isFile(), `${link} exists`);
    }
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, { url?: string } | string>;
    assert.match((pkg.repository as { url: string }).url, /^https:\/\/github\.com\/[\w.-]+\/[\w.-]+\.git$/);
    assert.match((pkg.bugs as { url: string }).url, /^https:\/\//);
    assert.match(pkg.homepage as string, /^https:\/\//);
  });
});

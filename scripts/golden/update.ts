/**
 * Re-renders every examples/*.report.json and rewrites test/golden/<name>-p<N>.png.
 *   npm run golden:update
 * Look at the changed PNGs before committing them: they are the expected layout.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { encodePng, exampleNames, goldenPath, GOLDEN_DIR, renderExamplePages } from '../../test/helpers/golden';

async function main(): Promise<void> {
  mkdirSync(GOLDEN_DIR, { recursive: true });
  for (const f of readdirSync(GOLDEN_DIR)) if (f.endsWith('.png')) rmSync(join(GOLDEN_DIR, f));
  for (const name of exampleNames()) {
    const pages = await renderExamplePages(name);
    pages.forEach((page, i) => writeFileSync(goldenPath(name, i + 1), encodePng(page)));
    console.log(`${name}: ${pages.length} page(s)`);
  }
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

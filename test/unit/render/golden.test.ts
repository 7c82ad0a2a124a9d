/**
 * Layout regressions: every example, every page, against its golden PNG.
 * After an intended visual change: `npm run golden:update`, look at the new PNGs
 * in test/golden/, and commit them with the change.
 */
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  decodePng,
  diffRatio,
  encodePng,
  exampleNames,
  goldenPath,
  GOLDEN_DIR,
  MAX_DIFF_RATIO,
  renderExamplePages,
} from '../../helpers/golden';

const ACTUAL_DIR = join(tmpdir(), 'report-studio-golden-actual');

describe('renderer: golden images of the examples', function () {
  this.timeout(60_000);
  const names = exampleNames();

  it('there are examples to check', () => assert.ok(names.length > 0));

  for (const name of names) {
    it(`${name}: every page matches its golden image`, async () => {
      const pages = await renderExamplePages(name);
      const goldens = readdirSync(GOLDEN_DIR).filter((f) => f.startsWith(`${name}-p`) && f.endsWith('.png'));
      assert.equal(
        pages.length,
        goldens.length,
        `${name}: ${pages.length} page(s) rendered, ${goldens.length} golden(s) — run npm run golden:update if intended`,
      );
      pages.forEach((page, i) => {
        const path = goldenPath(name, i + 1);
        assert.ok(existsSync(path), `missing ${path}: run npm run golden:update`);
        const ratio = diffRatio(page, decodePng(readFileSync(path)));
        if (ratio > MAX_DIFF_RATIO) {
          mkdirSync(ACTUAL_DIR, { recursive: true });
          writeFileSync(join(ACTUAL_DIR, `${name}-p${i + 1}.png`), encodePng(page));
        }
        assert.ok(
          ratio <= MAX_DIFF_RATIO,
          `${path}: ${(ratio * 100).toFixed(2)}% of pixels differ (limit ${MAX_DIFF_RATIO * 100}%); the actual page is in ${ACTUAL_DIR}`,
        );
      });
    });
  }
});

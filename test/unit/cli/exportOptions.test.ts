import { strict as assert } from 'node:assert';
import { parseCommandLine } from '../../../src/cli/args';
import { CliError, EXIT } from '../../../src/cli/exitCodes';
import { MAX_RASTER_PAGE_PIXELS } from '../../../src/render/pdfium';
import {
  isPageSelectionError,
  MAX_DPI,
  MAX_PAGE_SPANS,
  MIN_DPI,
  parseDpi,
  parsePageSelection,
  selectedPages,
} from '../../../src/core/pageImageOptions';

describe('export --png options', () => {
  it('--pages: a page, a range, an open range, a list', () => {
    assert.deepEqual(parsePageSelection('2'), [{ from: 2, to: 2 }]);
    assert.deepEqual(parsePageSelection('1-3'), [{ from: 1, to: 3 }]);
    assert.deepEqual(parsePageSelection('2-'), [{ from: 2 }]);
    assert.deepEqual(parsePageSelection('1, 3'), [
      { from: 1, to: 1 },
      { from: 3, to: 3 },
    ]);
  });

  it('--pages: anything else is one sentence naming the value', () => {
    for (const bad of ['', '0', '3-1', 'a', '1-2-3', '-2', '1;2', '1.5', '99999999999999999999']) {
      assert.throws(
        () => parsePageSelection(bad),
        (e: Error) => e.message === `--pages takes page numbers and ranges such as 2, 1-3, 2- or 1,3 (pages count from 1), got "${bad}"`,
        bad,
      );
    }
    assert.throws(() => parsePageSelection(Array.from({ length: MAX_PAGE_SPANS + 1 }, () => '1').join(',')), /at most 100/);
  });

  it('pages picked from a report: sorted, each once; all without a selection; past the end is a PageSelectionError', () => {
    assert.deepEqual(selectedPages(undefined, 3), [1, 2, 3]);
    assert.deepEqual(selectedPages(parsePageSelection('3,1-2,2'), 4), [1, 2, 3]);
    assert.deepEqual(selectedPages(parsePageSelection('2-'), 4), [2, 3, 4]);
    assert.throws(
      () => selectedPages(parsePageSelection('2-5'), 3),
      (e: unknown) => isPageSelectionError(e) && e.page === 5 && e.pageCount === 3,
    );
    assert.throws(
      () => selectedPages(parsePageSelection('4-'), 3),
      (e: unknown) => isPageSelectionError(e) && e.page === 4,
    );
  });

  it(`--dpi: a whole number from ${MIN_DPI} to ${MAX_DPI}`, () => {
    assert.equal(parseDpi('144'), 144);
    assert.equal(parseDpi(String(MIN_DPI)), MIN_DPI);
    assert.equal(parseDpi(String(MAX_DPI)), MAX_DPI);
    for (const bad of ['17', '501', '72.5', 'abc', '', '-100', '1e2']) {
      assert.throws(
        () => parseDpi(bad),
        (e: Error) => e.message === `--dpi takes a whole number from 18 to 500, got "${bad}"`,
        bad,
      );
    }
  });

  it("--dpi stops where an A4 or Letter page would pass the rasteriser's cap of pixels a page", () => {
    const pixels = (wPt: number, hPt: number, dpi: number) => Math.floor((wPt * dpi) / 72) * Math.floor((hPt * dpi) / 72);
    for (const [w, h] of [
      [595.28, 841.89],
      [612, 792],
    ]) {
      assert.ok(pixels(w, h, MAX_DPI) <= MAX_RASTER_PAGE_PIXELS, `${w}×${h} pt at ${MAX_DPI} dpi`);
      assert.ok(pixels(w, h, MAX_DPI + 100) > MAX_RASTER_PAGE_PIXELS, `${MAX_DPI} is near the cap, not far below it`);
    }
  });

  it('the command line: export takes --png, --dpi, --pages, -o; build does not', () => {
    const a = parseCommandLine(['export', 'reports', '--png', '--dpi', '72', '--pages', '1-2', '-o', 'out']);
    assert.equal(a.command, 'export');
    assert.deepEqual(a.options, { png: true, dpi: '72', pages: '1-2', output: 'out' });
    assert.throws(
      () => parseCommandLine(['build', 'q.report.json', '--png']),
      (e: CliError) => e.exitCode === EXIT.usage && /for "build"/.test(e.message),
    );
  });
});

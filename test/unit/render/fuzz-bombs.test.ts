/**
 * Fuzzing the three bomb shapes of hardening III with random inputs, fixed seed in npm test
 * (FUZZ_SEED replays, `npm run fuzz` draws a new seed). Each must be refused or handled within a
 * bound that is checked by what it leaves, never by time:
 * - animated WebP frames with random declared sizes: refused, or decoded within the pixel budget
 *   at exactly the first frame's size;
 * - SVG prologs (XML declarations, doctypes with subsets, comments, processing instructions,
 *   whitespace, cut anywhere): sniffed in a bounded number of character reads, with the answer
 *   of the pattern it replaced (kept here as the reference, on inputs small enough for it);
 * - Markdown of brackets, parentheses, angle brackets and quotes: the link-rule work left after
 *   bounding is within the budget, every block is under the cap, nothing but `(` → `&#40;` and
 *   blank lines changed, and marked's tokens cover no more than the text.
 */
import { strict as assert } from 'node:assert';
import { marked } from 'marked';
import { loadImages } from '../../../src/render/images';
import { sniffImage, svgPrologEnd, svgRootTag, type CharSource } from '../../../src/render/images/sniff';
import {
  escapeCostlyLinkOpenings,
  LINK_SCAN_BUDGET_BASE,
  LINK_SCAN_BUDGET_PER_CHAR,
  linkScanCosts,
  MAX_MARKDOWN_BLOCK_CHARS,
  NOT_A_LINK_PAREN,
  splitLongBlocks,
} from '../../../src/render/components/markdownBounds';
import { animatedWebpOf, solidVp8l } from '../../helpers/imageFixtures';
import { fuzzSeed, Rng } from '../../helpers/fuzz/fuzzKit';

const seed = fuzzSeed();

describe('hardening: fuzzing the bomb shapes (animated WebP, SVG prologs, Markdown brackets)', function () {
  this.timeout(60_000);
  before(() => console.log(`      fuzz seed ${seed} (FUZZ_SEED=${seed} replays it)`));

  it('animated WebPs with random frame sizes, places and bitstream sizes: refused, or decoded within the budget', async () => {
    const rng = new Rng(seed);
    const maxImagePixels = 250_000;
    const dim = (): number => (rng.chance(0.7) ? rng.int(1, 600) : rng.int(1, 16383));
    let decoded = 0;
    for (let i = 0; i < 40; i++) {
      const canvas = { width: dim(), height: dim() };
      const frames = Array.from({ length: rng.int(1, 4) }, () => {
        const width = rng.chance(0.6) ? rng.int(1, canvas.width) : dim();
        const height = rng.chance(0.6) ? rng.int(1, canvas.height) : dim();
        const x = 2 * rng.int(0, Math.max(0, Math.floor((canvas.width - width) / 2)) + (rng.chance(0.2) ? 50 : 0));
        const y = 2 * rng.int(0, Math.max(0, Math.floor((canvas.height - height) / 2)));
        const bits = rng.chance(0.7) ? { width, height } : { width: dim(), height: dim() };
        return { x, y, width, height, bits, chunks: [solidVp8l(bits.width, bits.height)] };
      });
      const bytes = animatedWebpOf(canvas, frames);
      const what = `case ${i} (seed ${seed}): canvas ${canvas.width} × ${canvas.height}, frames ${JSON.stringify(frames.map((f) => [f.x, f.y, f.width, f.height, f.bits.width, f.bits.height]))}`;
      const consistent = frames.every(
        (f) => f.bits.width === f.width && f.bits.height === f.height && f.x + f.width <= canvas.width && f.y + f.height <= canvas.height,
      );
      const head = sniffImage(bytes);
      assert.equal(head.ok, consistent, `${what}: sniffed ${JSON.stringify(head)}`);
      try {
        const [load] = await loadImages(
          [{ path: ['components', 0, 'options', 'base64'], source: { kind: 'base64', text: bytes.toString('base64') } }],
          {
            maxImagePixels,
            maxReportPixels: maxImagePixels,
          },
        );
        assert.ok(consistent && canvas.width * canvas.height <= maxImagePixels, `${what}: decoded`);
        assert.equal(load.image.kind, 'raster');
        if (load.image.kind === 'raster')
          assert.deepEqual([load.image.width, load.image.height], [frames[0].width, frames[0].height], what);
        decoded++;
      } catch (err) {
        assert.ok(!consistent || canvas.width * canvas.height > maxImagePixels, `${what}: refused: ${(err as Error).message}`);
        assert.match((err as Error).message, /^components\[0\]\.options\.base64: (not an image|the image is)/, what);
      }
    }
    assert.ok(decoded > 0, 'some cases decode (the generator is not only hostile)');
  });

  it('SVG prologs nested at random and cut anywhere: a bounded number of reads, the same root tag as the old pattern', () => {
    const rng = new Rng(seed + 1);
    /** The prolog pattern the linear scanner replaced (exponential on many '[' — only run on a few). */
    const reference = (text: string): string | undefined => {
      const prolog = /^(?:\s|<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE(?:[^[>]|\[[\s\S]*?\])*>)*/i.exec(text);
      return /^<(?:[A-Za-z_][\w.-]*:)?svg(?=[\s/>])[^>]*>/.exec(text.slice(prolog ? prolog[0].length : 0))?.[0];
    };
    const piece = (depth: number): string => {
      switch (rng.int(0, 6)) {
        case 0:
          return rng.pick([' ', '\n', '\t', '\r\n', '\uFEFF']);
        case 1:
          return `<?${rng.pick(['xml version="1.0"', 'pi ?', 'x', ''])}${rng.chance(0.9) ? '?>' : ''}`;
        case 2:
          return `<!--${rng.pick(['', ' c ', '-', '<svg>', '--'])}${rng.chance(0.9) ? '-->' : ''}`;
        case 3: {
          const subset =
            depth < 3 && rng.chance(0.6)
              ? `[${Array.from({ length: rng.int(0, 3) }, () => piece(depth + 1)).join('')}${rng.pick([']', ']', '', '[]'])}`
              : '';
          return `<!${rng.pick(['DOCTYPE', 'doctype', 'DocType'])}${rng.pick([' svg', '', ' svg PUBLIC "x"'])}${subset}${rng.pick(['>', '>', '', ']>'])}`;
        }
        case 4:
          return rng.pick(['[', ']', '>', '<', '[]', '<!ENTITY a "]>">']);
        default:
          return ' ';
      }
    };
    const root = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="5">';
    for (let i = 0; i < 300; i++) {
      let text = Array.from({ length: rng.int(0, 8) }, () => piece(0)).join('') + (rng.chance(0.8) ? root : '');
      if (rng.chance(0.2)) text = text.slice(0, rng.int(0, text.length));
      if (rng.chance(0.1)) text = `<!DOCTYPE${'[]'.repeat(rng.int(50, 2000))}${rng.pick(['', '>'])}${text}`;
      let reads = 0;
      const src: CharSource = { length: text.length, charCodeAt: (k) => (reads++, text.charCodeAt(k)) };
      svgPrologEnd(src);
      const what = `case ${i} (seed ${seed}): ${JSON.stringify(text.slice(0, 200))}`;
      assert.ok(reads <= 20 * (text.length + 1), `${what}: ${reads} reads for ${text.length} characters`);
      if ((text.match(/\[/g) ?? []).length <= 8) assert.equal(svgRootTag(text), reference(text), what);
    }
  });

  it('Markdown of random brackets, parentheses, angle brackets and quotes: bounded work, the text kept', () => {
    const rng = new Rng(seed + 2);
    const atoms = ['[', ']', '](', '(', ')', '<', '>', '"', "'", '\\', '`', ' ', '\n', '\n\n', 'a', 'http://x.example/', '[a](', '![', '*'];
    for (let i = 0; i < 60; i++) {
      const size = rng.chance(0.1) ? rng.int(4_000, 12_000) : rng.int(1, 1_500);
      let text = '';
      while (text.length < size) text += rng.chance(0.3) ? rng.pick(atoms).repeat(rng.int(1, 60)) : rng.pick(atoms);
      const what = `case ${i} (seed ${seed}): ${JSON.stringify(text.slice(0, 120))}…`;
      const bounded = escapeCostlyLinkOpenings(splitLongBlocks(text));
      const work = linkScanCosts(bounded).reduce((sum, c) => sum + c.cost, 0);
      assert.ok(work <= LINK_SCAN_BUDGET_BASE + LINK_SCAN_BUDGET_PER_CHAR * bounded.length, `${what}: ${work} link-rule work left`);
      for (const block of bounded.split(/\n[ \t]*\n/))
        assert.ok(block.length <= MAX_MARKDOWN_BLOCK_CHARS, `${what}: a block of ${block.length}`);
      assert.equal(bounded.split(NOT_A_LINK_PAREN).join('(').replace(/\s+/g, ''), text.replace(/\s+/g, ''), `${what}: text changed`);
      if (bounded.length <= 2_000) {
        const tokens = marked.lexer(bounded, { gfm: true, breaks: true });
        const raw = tokens.reduce((sum, t) => sum + t.raw.length, 0);
        assert.ok(raw <= bounded.length + tokens.length, `${what}: tokens cover ${raw} characters of ${bounded.length}`);
      }
    }
  });
});

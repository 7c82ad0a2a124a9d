/**
 * The SVG sniffer reads hostile prologs and attribute values in linear time: its prolog
 * regex backtracked exponentially on `<!DOCTYPE[][][]…` (231 bytes held a worker for a
 * minute) and its length pattern quadratically on long digit runs. The work is counted in
 * character reads (a counting CharSource), never timed.
 */
import { strict as assert } from 'node:assert';
import { sniffImage, svgPrologEnd, svgRootTag, type CharSource } from '../../../../src/render/images/sniff';

/** A string whose reads are counted. */
function counting(text: string): CharSource & { reads: number } {
  return {
    reads: 0,
    length: text.length,
    charCodeAt(i: number) {
      this.reads++;
      return text.charCodeAt(i);
    },
  };
}

/** Reads per character the scanner may make (each construct start is checked against 4 short literals). */
const READS_PER_CHAR = 20;

describe('renderer: SVG sniffing in linear time', () => {
  it('a doctype of empty subsets (the 231-byte bomb), unterminated constructs and long prologs: bounded reads, same answer', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="7" height="5"/>';
    const bomb = `<!DOCTYPE${'[]'.repeat(111)}`;
    for (const prolog of [
      bomb,
      `${bomb}>`,
      `<?xml version="1.0"?>${'<!-- c -->'.repeat(5000)}<!DOCTYPE svg [${'<!ENTITY a "]>">'.repeat(2000)}]>`,
      '<!--'.repeat(20000),
      '<?'.repeat(20000),
      `<!DOCTYPE${'['.repeat(20000)}`,
      ' \t\n\uFEFF'.repeat(20000),
    ]) {
      const src = counting(prolog + svg);
      svgPrologEnd(src);
      assert.ok(src.reads <= READS_PER_CHAR * (src.length + 1), `${src.reads} reads for ${src.length} characters`);
    }
    assert.equal(svgPrologEnd(`${bomb}>${svg}`), bomb.length + 1);
    assert.equal(svgRootTag(`${bomb}>${svg}`), svg);
    assert.equal(svgRootTag(bomb + svg), undefined, "a doctype without its '>' swallows the root tag's");
    assert.deepEqual(sniffImage(Buffer.from(`${bomb}>${svg}`)), { ok: true, format: 'svg', width: 7, height: 5 });
  });

  it('a width of 60,000 digits or spaces is read at once (no absolute size: the viewBox decides)', () => {
    for (const value of [`${'1'.repeat(60000)}x`, `1${' '.repeat(60000)}x`, `${'9'.repeat(60000)}`]) {
      const head = sniffImage(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${value}" viewBox="0 0 4 3"></svg>`));
      assert.equal(head.ok, true);
    }
    assert.deepEqual(sniffImage(Buffer.from('<svg width=" 12.5px " height="1e1"/>')), { ok: true, format: 'svg', width: 12.5, height: 10 });
  });
});

import { strict as assert } from 'node:assert';
import * as jpeg from 'jpeg-js';
import { jpegSize, pdfPageCount } from '../../../../src/core/runner/fileInfo';
import { writePdf } from '../../../../src/render/minimalRenderer';

describe('file facts for summaries', () => {
  it('counts the pages of a PDF', () => {
    assert.equal(pdfPageCount(writePdf('t', [['a'], ['b'], ['c']])), 3);
    assert.equal(pdfPageCount(writePdf('t', [['only']])), 1);
    assert.equal(pdfPageCount(new TextEncoder().encode('not a pdf')), undefined);
  });

  it('reads the size of a JPEG', () => {
    const data = Buffer.alloc(40 * 30 * 4, 255);
    const encoded = jpeg.encode({ data, width: 40, height: 30 }, 80).data;
    assert.deepEqual(jpegSize(new Uint8Array(encoded)), { width: 40, height: 30 });
    assert.equal(jpegSize(new Uint8Array([1, 2, 3])), undefined);
  });
});

import { strict as assert } from 'node:assert';
import { createRenderer, RenderError } from '../../../src/render';
import { render, report, sharedRenderer } from '../../helpers/render';
import { COMPONENT_TYPES } from '../../../src/core/report/componentTypes.generated';
import { LAYOUT_TYPES, LEAF_TYPES, lookupPainter } from '../../../src/render/registry';

describe('renderer: robustness', () => {
  it('every component type of the catalogue is either laid out or painted, never both', () => {
    const layout: readonly string[] = LAYOUT_TYPES;
    for (const type of COMPONENT_TYPES) {
      assert.ok(layout.includes(type) !== (lookupPainter(type) !== undefined), type);
    }
    assert.equal(LEAF_TYPES.length + LAYOUT_TYPES.length, COMPONENT_TYPES.length);
    assert.equal(lookupPainter('constructor'), undefined, 'no prototype key is a painter');
  });

  it('an unknown component type fails with its path', async () => {
    const r = await sharedRenderer();
    await assert.rejects(
      r.renderPdf(report([{ type: 'Row', components: [{ type: 'Card', options: { title: 'a', value: 1 } }, { type: 'Gauge' }] }])),
      (err: unknown) => {
        assert.ok(err instanceof RenderError);
        assert.equal(err.path, 'components[0].components[1] (Gauge)');
        assert.match(err.message, /unknown component type "Gauge"/);
        return true;
      },
    );
  });

  it('a malformed table row fails with the component path and the row', async () => {
    const r = await sharedRenderer();
    await assert.rejects(
      r.renderPdf(report([{ type: 'Table', options: { rows: [['a'], 'not a row'] } }])),
      /components\[0\] \(Table\): rows\[1\] is not an array of cells/,
    );
  });

  it('a body without components is refused', async () => {
    const r = await sharedRenderer();
    await assert.rejects(r.renderPdf({ type: 'Report' } as never), /components/);
  });

  it('an empty report still renders one page', async () => {
    const r = await render(report([]));
    assert.equal(r.pageCount, 1);
  });

  it('honours an AbortSignal', async () => {
    const r = await sharedRenderer();
    const controller = new AbortController();
    controller.abort(new Error('service stopping'));
    await assert.rejects(
      r.renderPdf(report([{ type: 'Text', options: { text: 'x' } }]), { signal: controller.signal }),
      /service stopping/,
    );
    const { pdf } = await r.renderPdf(report([{ type: 'Text', options: { text: 'x' } }]));
    await assert.rejects(r.renderPreviewJpeg(pdf, { signal: controller.signal }), /service stopping/);
  });

  it('stops a render that exceeds its time limit', async () => {
    const r = await createRenderer({ timeLimitMs: 1 });
    try {
      const huge = Array.from({ length: 400 }, (_, i) => ({
        type: 'Table',
        options: { headings: ['a', 'b'], rows: Array.from({ length: 50 }, () => [`cell ${i}`, i]) },
      }));
      await assert.rejects(r.renderPdf(report(huge)), (err: unknown) => err instanceof RenderError && /took longer than/.test(err.message));
    } finally {
      await r.dispose();
    }
  });

  it('unknown icons draw nothing and do not fail', async () => {
    const r = await render(
      report([
        { type: 'Card', options: { title: 'Odd icon', value: 1, icon: 'no-such-icon-xyz' } },
        { type: 'Section', options: { section_title: 'S', icon: 42 } },
      ]),
    );
    assert.ok(r.text.includes('ODD ICON'));
  });

  it('concurrent renders do not interfere', async () => {
    const r = await sharedRenderer();
    const bodies = Array.from({ length: 4 }, (_, i) => report([{ type: 'Card', options: { title: `Card ${i}`, value: i } }]));
    const results = await Promise.all(bodies.map((b) => r.renderPdf(b)));
    results.forEach((res) => assert.equal(res.pageCount, 1));
  });
});

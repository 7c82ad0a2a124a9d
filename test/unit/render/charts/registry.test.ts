import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMPONENT_META, COMPONENT_TYPES } from '../../../../src/core/report/componentTypes.generated';
import { chartPainters } from '../../../../src/render/charts';
import { lookupPainter } from '../../../../src/render/registry';
import { renderOne, testCanvas } from './helpers';

/** The types the catalogue declares in components/charts.ts and premium.ts: each has a chart painter. */
const TYPES = COMPONENT_TYPES.filter((t) => ['charts', 'premium'].includes(COMPONENT_META[t].group));

describe('charts/index', () => {
  it('exports a painter for each chart and data component type', () => {
    assert.deepEqual(Object.keys(chartPainters).sort(), [...TYPES].sort());
  });

  it('covers every one of these types the schema defines', () => {
    const schema = JSON.parse(readFileSync(join(process.cwd(), 'schemas/report.schema.json'), 'utf8'));
    const defined = Object.keys(schema.definitions ?? schema.$defs ?? {});
    for (const t of TYPES) assert.ok(defined.includes(t), `${t} in the schema`);
  });

  it('every painter paints inside one page and restores the graphics state', async () => {
    const samples: Record<string, Record<string, unknown>> = {
      'SparkChart.Line': { data: [1, 3, 2], title: 't', subtitle: 's' },
      'SparkChart.Ring': { value: 50, title: 't', subtitle: 's' },
      ProgressBar: { progress: 50, stages: [{ name: 'a' }, { name: 'b' }] },
      'Beta.DataTable': { col_types: ['Text'], rows: [[{ data: 'cell' }]] },
      DoughnutRing: { data: [{ start: 0, end: 30, label: 'arc' }] },
    };
    for (const type of TYPES) {
      const options = samples[type] ?? {
        data: [
          { x: 'a', y: 1 },
          { x: 'b', y: 2 },
        ],
        x_label: 'xl',
        y_label: 'yl',
        ...(type === 'Chart.Timeseries'
          ? {
              data: [
                { x: '2024-01-01', y: 1 },
                { x: '2024-02-01', y: 2 },
              ],
            }
          : {}),
      };
      const r = await renderOne(type, options);
      assert.equal(r.pageCount, 1, type);
      assert.ok(r.height > 20 && r.height < 800, `${type} height ${r.height}`);
      assert.ok(r.text.length > 0, `${type} drew text`);
      // Graphics state and font as found: save/restore balanced, the document's font untouched.
      const canvas = testCanvas();
      const doc = canvas.doc as unknown as { _ctmStack: unknown[]; _ctm: number[]; _font: { name: string }; _fontSize: number };
      canvas.doc.font('Helvetica').fontSize(11);
      const before = { depth: doc._ctmStack.length, ctm: [...doc._ctm] };
      lookupPainter(type)!.paint(
        options,
        { x: 30, y: 30, width: 300, height: lookupPainter(type)!.measure(options, 300, canvas.ctx) },
        canvas.ctx,
      );
      assert.equal(doc._ctmStack.length, before.depth, `${type} balanced save/restore`);
      assert.deepEqual(doc._ctm, before.ctm, `${type} transform restored`);
      assert.match(doc._font.name, /Helvetica/, `${type} font restored`);
      assert.equal(doc._fontSize, 11, `${type} font size restored`);
    }
  });
});

// The chart painters draw what the catalogue declares (src/catalogue/resolve.ts): they keep no
// defaults or bounds of their own for the options it declares. Each test changes the catalogue
// in memory and checks that the drawing follows it: an own fallback left in a painter ignores
// the change and fails here.
import { strict as assert } from 'node:assert';
import { COMPONENTS, type ComponentType, type OptionSet } from '../../../../src/catalogue';
import type { Opt, OptionMeta, SchemaObject } from '../../../../src/catalogue/option';
import { contentStreams, renderOne } from './helpers';

/** Two series in the thousands: grouping, stacking and tick formats all show. */
const points = ['Jan', 'Feb', 'Mar'].flatMap((x, i) => [
  { x, y: 12000 + i * 1500, label: 'North' },
  { x, y: 9000 + i * 2000, label: 'South' },
]);
const dates = points.map((p, i) => ({ ...p, x: `2024-0${(i % 3) + 1}-15` }));

const SAMPLES = {
  BarChart: { data: points, x_label: 'Month', y_label: 'Orders', chart_title: 'Orders' },
  ScatterChart: { data: points.map((p, i) => ({ ...p, x: i })), x_label: 'Week', y_label: 'Orders' },
  'Chart.Bar': { data: points, x_label: 'Month', y_label: 'Orders' },
  'Chart.HorizontalBar': { data: points, x_label: 'Orders', y_label: 'Month' },
  'Chart.Line': { data: points, x_label: 'Month', y_label: 'Orders' },
  'Chart.Timeseries': { data: dates, x_label: 'Date', y_label: 'Orders' },
  DoughnutRing: {
    data: [
      { end: 40, label: 'Done' },
      { end: 70, label: 'Doing' },
    ],
    inside_title: '70%',
    inside_subtitle: 'of target',
  },
} satisfies Partial<Record<ComponentType, Record<string, unknown>>>;

/** Another value for each declared default, one that draws differently in the samples. */
const OTHER: Record<string, unknown> = {
  aspect_ratio: 2.4,
  font_size: 22,
  grouped_bars: true,
  format_y_ticks: true,
  format_x_ticks: true,
  plot_dots: true,
  curve_format: 'Step',
  margin: 6,
  radius: 6,
  chart_radius_percent: 0.6,
  arc_thickness_percent: 0.5,
  ticks_count: 4,
  background_ring_color: '#123456',
};

type AnyOpt = Opt<unknown, boolean> & { meta: OptionMeta<unknown>; schema: SchemaObject };

/** Runs `fn` with `opt` changed in memory (its default or schema), then puts it back. */
async function withChanged<T>(opt: AnyOpt, change: Partial<Pick<AnyOpt, 'meta' | 'schema'>>, fn: () => Promise<T>): Promise<T> {
  const saved = { meta: opt.meta, schema: opt.schema };
  Object.assign(opt, change);
  try {
    return await fn();
  } finally {
    Object.assign(opt, saved);
  }
}

const drawing = async (type: string, options: Record<string, unknown>, width = 420) =>
  contentStreams((await renderOne(type, options, width)).bytes).join('\n');

describe('chart painters draw the catalogue’s defaults and bounds, not their own', () => {
  for (const [type, sample] of Object.entries(SAMPLES)) {
    const options = Object.entries(COMPONENTS[type as ComponentType].options as OptionSet).filter(
      ([, opt]) => opt.meta.default !== undefined && !opt.meta.spellingOf,
    ) as [string, AnyOpt][];
    it(`${type}: a changed default changes what the omitted option draws (${options.map(([n]) => n).join(', ')})`, async () => {
      const plain = await drawing(type, sample);
      for (const [name, opt] of options) {
        assert.ok(name in OTHER, `${type}.${name}: add another value for it to OTHER`);
        const other = OTHER[name];
        const explicit = await drawing(type, { ...sample, [name]: other });
        assert.notEqual(explicit, plain, `${type}.${name}: ${JSON.stringify(other)} draws like the default: pick another value`);
        const omitted = await withChanged(opt, { meta: { ...opt.meta, default: other } }, () => drawing(type, sample));
        assert.equal(omitted, explicit, `${type}.${name}: with the declared default ${JSON.stringify(other)}, omitted draws otherwise`);
      }
    });
  }

  it('ProgressBar: progress is kept within the catalogue’s bounds, not the painter’s', async () => {
    const opt = COMPONENTS.ProgressBar.options.progress as unknown as AnyOpt;
    const base = { title: 'Migration', stages: [{ name: 'Plan' }, { name: 'Build' }, { name: 'Ship' }] };
    const atBound = await drawing('ProgressBar', { ...base, progress: 50 });
    assert.notEqual(await drawing('ProgressBar', { ...base, progress: 80 }), atBound);
    const past = await withChanged(opt, { schema: { ...opt.schema, maximum: 50 } }, () =>
      drawing('ProgressBar', { ...base, progress: 80 }),
    );
    assert.equal(past, atBound, 'progress 80 with a maximum of 50 draws as 50');
  });

  it('DoughnutRing: a margin past its maximum (32) draws as 32, a wrong type as the default (10)', async () => {
    const base = SAMPLES.DoughnutRing;
    assert.equal(await drawing('DoughnutRing', { ...base, margin: 90 }), await drawing('DoughnutRing', { ...base, margin: 32 }));
    assert.equal(await drawing('DoughnutRing', { ...base, ticks_count: 'many' }), await drawing('DoughnutRing', base));
  });
});

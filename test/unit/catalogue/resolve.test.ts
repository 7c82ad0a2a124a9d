// resolveOptions: the one place that applies the catalogue's defaults and bounds before a
// painter sees the options (src/catalogue/resolve.ts).
import { strict as assert } from 'node:assert';
import {
  defaultsOf,
  resolveOptions,
  resolveReportObject,
  resolveTableCell,
  resolveWebhook,
  type Options,
  type ReportConfig,
  type Resolved,
} from '../../../src/catalogue';

describe('catalogue: resolveOptions', () => {
  it('types the options of each component and of config from the catalogue (checked by the compiler)', () => {
    const card: Options<'Card'> = { title: 'Vans', value: 3, title_size: 'xs', width: '1/3' };
    const config: ReportConfig = { colour_theme: 'forest', typography_theme: 'ibm-plex', n_pages: 2 };
    // @ts-expect-error -- not a size keyword
    const badSize: Options<'Card'> = { title_size: 'huge' };
    // @ts-expect-error -- not a colour theme
    const badTheme: ReportConfig = { colour_theme: 'blue' };
    // @ts-expect-error -- Card has no such option
    const unknown: Options<'Card'> = { colour_by: 'label' };
    assert.ok(card && config && badSize && badTheme && unknown);
  });

  it('fills every declared default of an omitted or null option, typed as always present', () => {
    const card: Resolved<'Card'> = resolveOptions('Card', { title: 'Vans', value: 3, title_size: null });
    // Typed: a defaulted option is never undefined.
    const upper: boolean = card.title_uppercase;
    assert.equal(upper, true);
    assert.equal(card.title_size, 'xs');
    assert.deepEqual(defaultsOf('Card'), {
      highlighted: false,
      title_uppercase: true,
      title_size: 'xs',
      icon_font_size: 'lg',
      units_font_size: 'sm',
    });
    for (const [name, value] of Object.entries(defaultsOf('Card'))) assert.equal((card as Record<string, unknown>)[name], value, name);
  });

  it('keeps what the option accepts, replaces what it does not with the default', () => {
    const r = resolveOptions('SparkChart.Ring', {
      title_font_size: 'XL', // a keyword in another case: the declared keyword
      subtitle_font_size: 'huge', // no such keyword: the default
      border: 'yes', // not a boolean: the default
      radius: '36', // a number sent as a string (spreadsheet exports)
      stroke_width: -4, // on the wrong side of its exclusiveMinimum (0): no value to clamp to, the default
    });
    assert.deepEqual([r.title_font_size, r.subtitle_font_size, r.border, r.radius, r.stroke_width], ['xl', 'xl', false, 36, 6]);
  });

  it('clamps a number into the option’s minimum and maximum', () => {
    assert.equal(resolveOptions('Table', { rows: [], vertical_margin: 99 }).vertical_margin, 32);
    assert.equal(resolveOptions('Table', { rows: [], vertical_margin: -3 }).vertical_margin, 0);
    assert.equal(resolveOptions('DoughnutRing', { data: [], chart_radius_percent: 140 }).chart_radius_percent, 100);
  });

  it('Fidelity IV: a plain number (anyNumber) is drawn as written, fractions included, and clamped into its drawn range', () => {
    const row = (v: unknown) => resolveOptions('Row', { column_spacing: v }).column_spacing;
    assert.deepEqual([row(2.5), row(40), row(-1), row('2.5')], [2.5, 32, 0, 2.5]);
    const bar = (v: unknown) => resolveOptions('ProgressBar', { progress: v, stages: [] }).progress;
    assert.deepEqual([bar(150), bar(62.5), bar(-5)], [100, 62.5, 0]);
    assert.equal(resolveOptions('DoughnutRing', { data: [], margin: 10.5 }).margin, 10.5);
    const table = resolveOptions('Table', { rows: [], rows_vertical_padding: 2.5, headings_vertical_padding: 99 });
    assert.deepEqual([table.rows_vertical_padding, table.headings_vertical_padding], [2.5, 32]);
    const spark = (v: unknown) => resolveOptions('SparkChart.Line', { data: [], title: 't', subtitle: 's', chart_height: v }).chart_height;
    assert.deepEqual([spark(40.5), spark(2), spark(1000)], [40.5, 8, 300]);
  });

  it('a webhook\u2019s authHeader (the older SDK) is read as auth_header; auth_header wins when both are given', () => {
    assert.equal(resolveWebhook({ url: 'http://127.0.0.1/h', authHeader: 'old' }).auth_header, 'old');
    assert.equal(resolveWebhook({ url: 'http://127.0.0.1/h', auth_header: 'new', authHeader: 'old' }).auth_header, 'new');
  });

  it('reads the other spelling into the declared one; a colour takes any CSS colour', () => {
    const r = resolveOptions('SparkChart.Line', { data: [], title: 't', subtitle: 's', chart_colour: '#ff0000', bg_colour: 'accent' });
    assert.deepEqual([r.chart_color, r.bg_color], ['#ff0000', 'accent']);
    assert.equal(resolveOptions('SparkChart.Line', { chart_color: 'headline', chart_colour: 'accent' }).chart_color, 'headline');
  });

  it('leaves options without a default, and undeclared keys, as written; a number is a text option’s digits', () => {
    const r = resolveOptions('Card', { title: true, value: 'n/a', value_font_size: 'giant', margins: 3 }) as Record<string, unknown>;
    // The painter names a wrong value in its error, so it is kept.
    assert.deepEqual([r.title, r.value, r.value_font_size, r.margins], [true, 'n/a', 'giant', 3]);
    assert.equal('units' in r, false);
    // A number is text's digits; text where text is accepted stays text (not a number: "18,204", "007").
    assert.equal(resolveOptions('Card', { title: 2024 }).title, '2024');
    assert.deepEqual(
      ['18,204', '007'].map((value) => resolveOptions('Card', { value }).value),
      ['18,204', '007'],
    );
    assert.equal(resolveTableCell({ content: '18,204' }).content, '18,204');
  });

  it('resolves the report-level objects with the same rules (options, config, cover_page)', () => {
    const config = resolveReportObject('config', { color_theme: 'Forest', landscape: 'yes', n_pages: 0 });
    assert.deepEqual([config.colour_theme, config.landscape, config.n_pages, config.enable_header], ['forest', false, 1, true]);
    const cover = resolveReportObject('cover_page', { align: 'END', vertical_margin: 40, horizontal_margin: null });
    assert.deepEqual([cover.align, cover.vertical_margin, cover.horizontal_margin, cover.bg_color], ['end', 32, 0, 'accent']);
    const options = resolveReportObject('options', null);
    assert.deepEqual([options.enable_header, options.vertical_margin], [true, 0]);
  });
});

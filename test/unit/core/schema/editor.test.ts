// What a user sees in VS Code, checked with vscode-json-languageservice (VS Code's own JSON
// engine): readable messages on the right node, and completion scoped to the component.
//
// Why if/then and not oneOf for the component union: with `oneOf` of `const`-typed branches
// the same engine reports an unknown type as `Value must be "Section".` and a component
// without `type` produces no problem at all; with the enum + if/then construction they read
// `Value is not accepted. Valid values: "Section", "Row", …` and `Missing property "type".`
import { strict as assert } from 'node:assert';
import { reportSchemaIndex } from '../../../../src/core/schema/reportSchema';

import { editorCompletions, editorHover, editorProblems } from './jsonLanguageService';

const CATALOGUE = reportSchemaIndex().catalogue;
const componentTypes = CATALOGUE.componentTypes;

const report = (components: string, extra = '') =>
  `{\n  "type": "Report",\n  "options": {"report_title": "Fleet report"},${extra}\n  "components": [${components}]\n}`;

async function single(text: string) {
  const problems = await editorProblems(text);
  assert.equal(problems.length, 1, JSON.stringify(problems));
  return problems[0];
}

const labels = async (text: string) => (await editorCompletions(text)).map((i) => i.label);

describe('schema: in the editor (vscode-json-languageservice)', () => {
  describe('messages', () => {
    it('unknown component type: lists the valid types on the type value', async () => {
      const p = await single(report('{"type": "Sektion", "options": {"section_title": "Fleet"}}'));
      assert.equal(p.text, '"Sektion"');
      assert.equal(p.message, `Value is not accepted. Valid values: ${componentTypes.map((t) => JSON.stringify(t)).join(', ')}.`);
    });

    it('missing required option: names it, on the options key', async () => {
      const p = await single(report('{"type": "Card", "options": {"title": "Vans"}}'));
      assert.deepEqual([p.message, p.text], ['Missing property "value".', '"options"']);
    });

    it('missing required option deep inside Section → Row', async () => {
      const p = await single(
        report(
          '{"type": "Section", "options": {"section_title": "Fleet"}, "components": [{"type": "Row", "components": [{"type": "Text", "options": {}}]}]}',
        ),
      );
      assert.deepEqual([p.message, p.text], ['Missing property "text".', '"options"']);
    });

    it('missing type', async () => {
      const p = await single(report('{"options": {"text": "hello"}}'));
      assert.equal(p.message, 'Missing property "type".');
    });

    it('wrong type: names the expected type on the value', async () => {
      const p = await single(report('{"type": "Section", "options": {"section_title": "Fleet", "columns": "three"}}'));
      assert.deepEqual([p.message, p.text], ['Incorrect type. Expected one of integer, null.', '"three"']);
      const q = await single(report('{"type": "Card", "options": {"title": "Vans", "value": 1, "highlighted": "yes"}}'));
      assert.equal(q.message, 'Incorrect type. Expected "boolean".');
    });

    it('Card with components: the key is not allowed', async () => {
      const p = await single(report('{"type": "Card", "options": {"title": "Vans", "value": 3}, "components": []}'));
      assert.deepEqual([p.message, p.text], ['Property components is not allowed.', '"components"']);
    });

    it('Table on the cover page: says what the cover page takes', async () => {
      const p = await single(report('', '\n  "cover_page": {"components": [{"type": "Table", "options": {"rows": []}}]},'));
      assert.equal(p.text, '"Table"');
      assert.equal(p.message, 'Not allowed on the cover page. The cover page takes only Row, Text, Image, VerticalSpacer.');
    });

    it('unknown icon: a short message, not 5000 names; a warning', async () => {
      const p = await single(report('{"type": "Card", "options": {"title": "Vans", "value": 3, "icon": "truck-fast-delivery"}}'));
      assert.equal(p.text, '"truck-fast-delivery"');
      assert.match(p.message, /^Unknown Tabler icon name\. Use a name from https:\/\/tabler\.io\/icons/);
      assert.equal(p.severity, 2); // DiagnosticSeverity.Warning (VS Code's default for schema problems)
    });

    it('unknown option and bad enum and out-of-range margin', async () => {
      assert.equal(
        (await single(report('{"type": "Card", "options": {"title": "Vans", "value": 3, "titel": "x"}}'))).message,
        'Property titel is not allowed.',
      );
      assert.match(
        (await single(report('{"type": "Text", "options": {"text": "x", "width": "1/8"}}'))).message,
        /^Value is not accepted\. Valid values: "1\/2", "2\/2", "1\/3"/,
      );
      assert.equal(
        (await single(report('{"type": "Text", "options": {"text": "x", "vertical_margin": 40}}'))).message,
        'Value is above the maximum of 32.',
      );
      assert.equal(
        (await single(report('{"type": "Text", "options": {"text": "x", "horizontal_margin": -1}}'))).message,
        'Value is below the minimum of 0.',
      );
    });
  });

  describe('completion', () => {
    it('completing an option inserts its declared default (an enum option opens its value list, the default marked)', async () => {
      const items = await editorCompletions(report('{"type": "Section", "options": {"section_title": "T", |}}'));
      const insert = (label: string) => items.find((i) => i.label === label)?.insertText;
      assert.deepEqual(['highlighted', 'column_spacing', 'font_size'].map(insert), [
        '"highlighted": ${1:false}',
        '"column_spacing": ${1:3}',
        '"font_size": $1',
      ]);
    });

    it('the value list marks the default', async () => {
      const items = await editorCompletions(report('{"type": "Table", "options": {"rows": [], "rows_font_size": |}}'));
      const marked = items.filter((i) => i.labelDetails?.description === 'Default value' || i.detail === 'Default value');
      assert.deepEqual(
        marked.map((i) => i.label),
        ['"sm"'],
      );
    });

    it("inside a Card's options: exactly the Card options", async () => {
      assert.deepEqual(await labels(report('{"type": "Card", "options": {|}}')), [
        'title',
        'value',
        'units',
        'icon',
        'highlighted',
        'title_uppercase',
        'title_size',
        'title_color',
        'value_color',
        'bg_color',
        'icon_font_size',
        'value_font_size',
        'units_font_size',
        'width',
      ]);
    });

    it('inside a nested Chart.Timeseries: its options only (nothing from other components)', async () => {
      const got = await labels(report('{"type": "Row", "components": [{"type": "Chart.Timeseries", "options": {"data": [], |}}]}'));
      assert.ok(got.includes('time_format') && got.includes('curve_format') && got.includes('x_label'));
      for (const foreign of ['grouped_bars', 'format_x_ticks', 'section_title', 'title', 'columns', 'data'])
        assert.ok(!got.includes(foreign), foreign);
    });

    it('in a components array: a snippet for every component type', async () => {
      assert.deepEqual(await labels(report('|')), [...componentTypes]);
    });

    it('in the cover page: only the cover-page components', async () => {
      assert.deepEqual(
        (await labels(report('', '\n  "cover_page": {"components": [|]},'))).sort(),
        [...CATALOGUE.coverPageComponentTypes].sort(),
      );
    });

    it('the value of "type": every component type', async () => {
      assert.deepEqual(
        await labels(report('{"type": |}')),
        componentTypes.map((t) => JSON.stringify(t)),
      );
    });

    it('component keys: Card offers options only, Section also components', async () => {
      assert.deepEqual(await labels(report('{"type": "Card", |}')), ['options']);
      assert.deepEqual(await labels(report('{"type": "Section", |}')), ['options', 'components']);
    });

    it('icon values come from the Tabler list, with descriptions', async () => {
      const items = await editorCompletions(report('{"type": "Card", "options": {"title": "Vans", "value": 3, "icon": |}}'));
      assert.ok(items.length > 5000);
      const coin = items.find((i) => i.label === '"coin"');
      assert.match(String(coin?.documentation ?? ''), /E-commerce/);
    });

    it('an empty file offers the New report snippet', async () => {
      assert.deepEqual(await labels('|'), ['New report']);
    });
  });

  describe('the forms the hosted service takes (Compatibility → Accepted)', () => {
    const problems = async (text: string) => (await editorProblems(text)).map((p) => [p.severity, p.text, p.message]);
    const valueLabels = async (component: string) => labels(report(component));

    it('width: completion offers every fraction with denominator 2, 3, 4, 5, 6, 12; hover lists them and says null fills', async () => {
      const got = await valueLabels('{"type": "Card", "options": {"title": "Vans", "value": 3, "width": |}}');
      const fractions = [2, 3, 4, 5, 6, 12].flatMap((d) => Array.from({ length: d }, (_, i) => JSON.stringify(`${i + 1}/${d}`)));
      assert.deepEqual(got, [...fractions, 'null']);
      const hover = await editorHover(report('{"type": "Card", "options": {"title": "Vans", "value": 3, "wi|dth": "5/12"}}'));
      for (const f of ['`1/2`', '`2/2`', '`5/12`', '`12/12`', '`5/6`']) assert.ok(hover.includes(f), `${f} missing from ${hover}`);
      assert.match(hover, /denominator is 2, 3, 4, 5, 6 or 12/);
      assert.match(hover, /`null` or no width fills the available space/);
      assert.match(
        await editorHover(report('{"type": "Card", "options": {"title": "Vans", "value": 3, "width": "5/1|2"}}')),
        /`5\/12`: 41\\\.7% of the width/,
      ); // the hover escapes Markdown
      assert.deepEqual(
        await problems(
          report(
            '{"type": "Text", "options": {"text": "x", "width": "1/2"}}, {"type": "Text", "options": {"text": "x", "width": "12/12"}}',
          ),
        ),
        [],
      );
    });

    it('report_title optional; space 0.5; headings cells and null cells; align start/end; curve_format null: no problem', async () => {
      const text = `{"type": "Report", "options": {"report_byline": "Invoice"}, "cover_page": {"align": "end", "vertical_margin": null, "components": []}, "components": [
        {"type": "VerticalSpacer", "options": {"space": 0.5}},
        {"type": "Table", "options": {"headings": [{"content": "Region", "col_span": 2}, "Units"], "rows": [["a", null, 1]]}},
        {"type": "Chart.Line", "options": {"data": [], "x_label": "x", "y_label": "y", "curve_format": null, "format_y_ticks": true}}]}`;
      assert.deepEqual(await problems(text), []);
      assert.deepEqual(await labels('{"type": "Report", "options": {}, "cover_page": {"align": |}, "components": []}'), [
        '"start"',
        '"center"',
        '"end"',
        '"left"',
        '"centre"',
        '"right"',
      ]);
    });

    it('headings_margin: 0–32 without a problem, a boolean with a warning (older form), 40 flagged; hover documents both', async () => {
      const text = (v: string) => report(`{"type": "Text", "options": {"text": "x", "headings_margin": ${v}}}`);
      assert.deepEqual(await problems(text('4')), []);
      const [warning, ...more] = await problems(text('true'));
      assert.deepEqual([more.length, warning[0], warning[1]], [0, 2, '"headings_margin": true']);
      assert.match(String(warning[2]), /^Older form of `headings_margin`\. It still works; the current form is a margin from 0 to 32/);
      assert.deepEqual(await problems(text('40')), [[2, '40', 'Value is above the maximum of 32.']]);
      assert.match(
        await editorHover(text('4').replace('"headings_margin"', '"headings_mar|gin"')),
        /integer from 0 to 32.*`true`\/`false`/s,
      );
    });

    it('font_size of charts and DoughnutRing: keywords completed, pixels accepted, a wrong word flagged', async () => {
      const ring = (v: string) => report(`{"type": "DoughnutRing", "options": {"data": [], "font_size": ${v}}}`);
      assert.deepEqual(await valueLabels('{"type": "DoughnutRing", "options": {"data": [], "font_size": |}}'), [
        '16', // the default (16 px)
        '"3xs"',
        '"2xs"',
        '"xs"',
        '"sm"',
        '"lg"',
        '"xl"',
        '"2xl"',
        '"3xl"',
        '"4xl"',
      ]);
      assert.deepEqual(await problems(ring('14')), []);
      assert.deepEqual(await problems(ring('"lg"')), []);
      assert.equal((await problems(ring('"medium"'))).length, 1);
      assert.deepEqual(
        await problems(report('{"type": "Chart.Bar", "options": {"data": [], "x_label": "x", "y_label": "y", "font_size": 16}}')),
        [],
      );
      assert.match(await editorHover(ring('14').replace('"font_size"', '"font_si|ze"')), /a size keyword .* or a number of pixels/);
    });

    it('config: google_fonts nested (no problem) or the older map (warnings), enable_header, highlighted colours, webhooks ≤ 3', async () => {
      const cfg = (config: string) => report('', `\n  "config": ${config},`);
      assert.deepEqual(
        await problems(
          cfg(
            '{"enable_header": false, "google_fonts": {"headings": {"family": "Playfair Display", "weight": "700"}, "paragraph": {"family": "Inter", "weight": "400"}}}',
          ),
        ),
        [],
      );
      assert.deepEqual(
        (await problems(cfg('{"google_fonts": {"headings": "Playfair Display", "body": "Inter"}}'))).map((p) => [p[0], p[1]]),
        [
          [2, '"headings": "Playfair Display"'],
          [2, '"body": "Inter"'],
        ],
      );
      assert.deepEqual(
        await problems(
          cfg(
            '{"override_colour_theme": {"background": "#deefe7", "light-background": "white", "highlighted": {"background": "#fff", "highlight-text": "#fff"}}}',
          ),
        ),
        [],
      );
      assert.deepEqual(await labels(cfg('{"google_fonts": {"headings": {|}}}')), ['family', 'weight']);
      assert.ok((await labels(cfg('{"override_colour_theme": {"highlighted": {|}}}'))).includes('light-background'));
      const hooks = (n: number) =>
        cfg(`{"webhooks": [${Array.from({ length: n }, (_, i) => `{"url": "https://a.example/${i}"}`).join(', ')}]}`);
      assert.deepEqual(await problems(hooks(3)), []);
      assert.deepEqual(
        (await problems(hooks(4))).map((p) => p[2]),
        ['Array has too many items. Expected 3 or fewer.'],
      );
    });

    it('Image and DoughnutRing colours under both spellings: completed and accepted', async () => {
      const got = await valueLabels('{"type": "Image", "options": {"image_url": "https://a.example/x.png", |}}');
      for (const k of ['text_color', 'text_colour', 'bg_color', 'bg_colour', 'border_color', 'border_colour'])
        assert.ok(got.includes(k), k);
      const ringKeys = await valueLabels('{"type": "DoughnutRing", "options": {"data": [], |}}');
      assert.ok(ringKeys.includes('background_ring_color') && ringKeys.includes('background_ring_colour'));
      assert.deepEqual(
        await problems(
          report(
            '{"type": "Image", "options": {"image_url": "https://a.example/x.png", "text_colour": "accent", "bg_colour": "background-muted", "border_colour": "accent"}}',
          ),
        ),
        [],
      );
    });
  });

  it("BarChart: the older SDK's color_scheme, aspect_ratio, font_size (pixels), grouped_bars and margins are known", async () => {
    const bar = `{"type": "BarChart", "options": {"data": [{"x": "Q1", "y": 3}], "x_label": "Quarter", "y_label": "Units",
      "color_scheme": "Tableau10", "aspect_ratio": 2, "font_size": 14, "grouped_bars": false, "margin": 10, "horizontal_margin": 2, "vertical_margin": 1}}`;
    assert.deepEqual(await editorProblems(report(bar)), []);
  });

  it('hover states the defaults the renderer draws (title_uppercase, striped, paddings, spark aspect_ratio, ring units)', async () => {
    const hover = (component: string) => editorHover(report(component));
    // The sentence generated from the catalogue's declared default (src/catalogue/option.ts).
    assert.match(await hover('{"type": "Card", "options": {"title": "Vans", "value": 3, "title_up|percase": false}}'), /Default: `true`\./);
    assert.match(await hover('{"type": "Table", "options": {"rows": [], "stri|ped": false}}'), /Default: `true`\./);
    assert.match(await hover('{"type": "Table", "options": {"rows": [], "rows_vertical_pad|ding": 2}}'), /unset: 4 pt/);
    assert.match(await hover('{"type": "Table", "options": {"rows": [], "headings_vertical_pad|ding": 2}}'), /unset: 5 pt/);
    assert.match(
      await hover('{"type": "SparkChart.Line", "options": {"data": [1], "title": "t", "subtitle": "s", "aspect_ra|tio": 3}}'),
      /used when `chart_height` is not set.*40 pt tall/,
    );
    assert.match(
      await hover('{"type": "DoughnutRing", "options": {"data": [], "chart_radius_per|cent": 0.9}}'),
      /fraction[\s\S]*Default: `0\.9` \(90 %\)/,
    );
    // With its unit: spacing steps in points.
    assert.match(await hover('{"type": "Row", "options": {"column_spa|cing": 4}, "components": []}'), /Default: `3` \(9 pt\)\./);
    assert.match(
      await hover('{"type": "Image", "options": {"image_url": "https://a.example/x.png", "enable_bor|der": true}}'),
      /below the caption[\s\S]*Default: `true`\./,
    );
    assert.match(await hover('{"type": "Text", "options": {"text": "t", "ali|gn": "left"}}'), /Default: `"left"`\./);
    // No declared default, no sentence: the hover says what is drawn when unset.
    assert.doesNotMatch(await hover('{"type": "Text", "options": {"text": "t", "si|ze": "sm"}}'), /Default:/);
  });

  it("config.n_pages above 1 with enable_multi_page: false warns (the explicit switch wins); alone (the older SDK's page switch) or with true, no problem", async () => {
    const config = (c: string) => `{"type": "Report", "options": {"report_title": "T"}, "config": ${c}, "components": []}`;
    const [p, ...rest] = await editorProblems(config('{"n_pages": 3, "enable_multi_page": false}'));
    assert.equal(rest.length, 0);
    assert.equal(p.severity, 2, 'a warning');
    assert.equal(p.text, '"n_pages": 3');
    assert.match(p.message, /no effect with "enable_multi_page": false/);
    assert.deepEqual(await editorProblems(config('{"n_pages": 3}')), []);
    assert.deepEqual(await editorProblems(config('{"n_pages": 3, "enable_multi_page": true}')), []);
    assert.deepEqual(await editorProblems(config('{"n_pages": 1, "enable_multi_page": false}')), []);
  });

  it('hover shows the option documentation', async () => {
    assert.match(await editorHover(report('{"type": "Card", "options": {"ti|tle": "Vans", "value": 3}}')), /Small caption above the value/);
  });
});

describe('schema: Fidelity IV — what the hosted service takes warns at most (vscode-json-languageservice)', () => {
  const problems = async (text: string) => (await editorProblems(text)).map((p) => [p.severity, p.text, p.message]);
  const WARNING = 2; // DiagnosticSeverity.Warning

  it('numbers the newer SDK types as plain numbers: no error; a warning where the drawing differs or a source says whole numbers', async () => {
    const text = report(
      [
        '{"type": "Row", "options": {"column_spacing": 2.5}, "components": []}',
        '{"type": "SparkChart.Line", "options": {"data": [1, 2], "title": "t", "subtitle": "s", "chart_height": 40.5}}',
        '{"type": "Table", "options": {"rows": [["a"]], "rows_vertical_padding": 2.5, "headings_vertical_padding": 2.5}}',
        '{"type": "DoughnutRing", "options": {"data": [{"end": 50}], "margin": 10.5}}',
        '{"type": "ProgressBar", "options": {"progress": 150, "stages": [{"name": "A"}]}}',
        '{"type": "ProgressBar", "options": {"progress": 62.5, "stages": [{"name": "A"}]}}',
      ].join(', '),
    );
    const got = await problems(text);
    assert.ok(
      got.every(([severity]) => severity === WARNING),
      JSON.stringify(got),
    );
    assert.deepEqual(
      got.map(([, at]) => at),
      ['"column_spacing": 2.5', '"margin": 10.5', '"progress": 150'],
    );
    assert.match(
      String(got[0][2]),
      /^A fraction: the docs' Row page \(1 – 12, 14 or 16\) gives whole numbers only\. It is accepted and drawn as written/,
    );
    assert.match(String(got[2][2]), /^Outside 0–100: accepted, but drawn as 0 \(below\) or 100 \(above\)/);
    // Outside the range a spacing warns too; whole numbers inside it say nothing.
    assert.deepEqual(await problems(report('{"type": "Row", "options": {"column_spacing": 40}, "components": []}')), [
      [WARNING, '"column_spacing": 40', 'Outside 0–32: accepted, but drawn as 0 (below) or 32 (above), the nearest end of that range.'],
    ]);
    assert.deepEqual(await problems(report('{"type": "Row", "options": {"column_spacing": 4}, "components": []}')), []);
  });

  it('the ring margin is in pixels and says so, unlike the charts\u2019 margin (spacing steps)', async () => {
    const ring = await editorHover(report('{"type": "DoughnutRing", "options": {"data": [{"end": 50}], "mar|gin": 10}}'));
    assert.match(ring, /in pixels of the chart/);
    assert.match(ring, /unlike the `margin` of the other charts \(spacing steps of 3 pt\)/);
    const bar = await editorHover(report('{"type": "Chart.Bar", "options": {"data": [], "x_label": "x", "y_label": "y", "mar|gin": 2}}'));
    assert.match(bar, /on the spacing scale/);
  });

  it('an Image whose image_url is null (and no base64): a warning that a placeholder is drawn, not an error', async () => {
    const got = await problems(report('{"type": "Image", "options": {"image_url": null, "caption": "Logo"}}'));
    assert.deepEqual(got, [
      [
        WARNING,
        '"image_url": null',
        'Neither `image_url` nor `base64` is set (null or empty): the build draws a labelled placeholder instead of an image. Give one of them.',
      ],
    ]);
    assert.equal((await problems(report('{"type": "Image", "options": {"image_url": null, "base64": "  "}}'))).length, 1);
    assert.deepEqual(await problems(report('{"type": "Image", "options": {"image_url": null, "base64": "iVBORw0KGgo="}}')), []);
    // Neither key at all is still what both the editor and the service refuse (422 missing).
    const [missing] = await problems(report('{"type": "Image", "options": {"caption": "Logo"}}'));
    assert.equal(missing[2], 'Missing property "image_url".');
  });

  it('webhooks[].authHeader (the older SDK v0.2.7–v0.3.0): a warning naming auth_header, not "not allowed"', async () => {
    const got = await problems(report('', '\n  "config": {"webhooks": [{"url": "https://example.com/h", "authHeader": "tok"}]},'));
    assert.equal(got.length, 1, JSON.stringify(got));
    assert.equal(got[0][0], WARNING);
    assert.equal(got[0][1], '"authHeader": "tok"');
    assert.match(String(got[0][2]), /^Older spelling of `auth_header`/);
  });
});

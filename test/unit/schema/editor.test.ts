// What a user sees in VS Code, checked with vscode-json-languageservice (VS Code's own JSON
// engine): readable messages on the right node, and completion scoped to the component.
//
// Why if/then and not oneOf for the component union: with `oneOf` of `const`-typed branches
// the same engine reports an unknown type as `Value must be "Section".` and a component
// without `type` produces no problem at all; with the enum + if/then construction they read
// `Value is not accepted. Valid values: "Section", "Row", …` and `Missing property "type".`
import { strict as assert } from 'node:assert';
import { componentTypes } from '../../../src/core/schema/reportSchema';
import { editorCompletions, editorHover, editorProblems } from './jsonLanguageService';

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
      const p = await single(report('{"type": "Section", "options": {"section_title": "Fleet"}, "components": [{"type": "Row", "components": [{"type": "Text", "options": {}}]}]}'));
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
      assert.equal((await single(report('{"type": "Card", "options": {"title": "Vans", "value": 3, "titel": "x"}}'))).message, 'Property titel is not allowed.');
      assert.match((await single(report('{"type": "Text", "options": {"text": "x", "width": "1/8"}}'))).message, /^Value is not accepted\. Valid values: "1\/2", "2\/2", "1\/3"/);
      assert.equal((await single(report('{"type": "Text", "options": {"text": "x", "vertical_margin": 40}}'))).message, 'Value is above the maximum of 32.');
      assert.equal((await single(report('{"type": "Text", "options": {"text": "x", "horizontal_margin": -1}}'))).message, 'Value is below the minimum of 0.');
    });
  });

  describe('completion', () => {
    it('inside a Card\'s options: exactly the Card options', async () => {
      assert.deepEqual(await labels(report('{"type": "Card", "options": {|}}')), [
        'title', 'value', 'units', 'icon', 'highlighted', 'title_uppercase', 'title_size', 'title_color', 'value_color', 'bg_color',
        'icon_font_size', 'value_font_size', 'units_font_size', 'width',
      ]);
    });

    it('inside a nested Chart.Timeseries: its options only (nothing from other components)', async () => {
      const got = await labels(report('{"type": "Row", "components": [{"type": "Chart.Timeseries", "options": {"data": [], |}}]}'));
      assert.ok(got.includes('time_format') && got.includes('curve_format') && got.includes('x_label'));
      for (const foreign of ['grouped_bars', 'format_x_ticks', 'section_title', 'title', 'columns', 'data']) assert.ok(!got.includes(foreign), foreign);
    });

    it('in a components array: a snippet for every component type', async () => {
      assert.deepEqual(await labels(report('|')), [...componentTypes]);
    });

    it('in the cover page: only the cover-page components', async () => {
      assert.deepEqual((await labels(report('', '\n  "cover_page": {"components": [|]},'))).sort(), ['Image', 'Row', 'Text', 'VerticalSpacer']);
    });

    it('the value of "type": every component type', async () => {
      assert.deepEqual(await labels(report('{"type": |}')), componentTypes.map((t) => JSON.stringify(t)));
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

  it('hover shows the option documentation', async () => {
    assert.match(await editorHover(report('{"type": "Card", "options": {"ti|tle": "Vans", "value": 3}}')), /Small caption above the value/);
  });
});

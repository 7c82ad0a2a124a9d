// A report's text → errors (what the service rejects) and warnings (what only the editor's
// strict schema finds: unknown keys and icon names, older forms marked `deprecationMessage`).
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { reportProblems } from '../../../../src/core/schema/reportProblems';
import { reportSchemaIndex } from '../../../../src/core/schema/reportSchema';

const SCHEMA = reportSchemaIndex();
const BROKEN = join(__dirname, '..', '..', '..', 'fixtures', 'broken');

function problems(text: string): string[] {
  return reportProblems(SCHEMA, text).map(
    (p) => `${p.start.line + 1}:${p.start.character + 1} ${p.severity} ${text.slice(p.range.start, p.range.end)} [${p.type}] ${p.path}`,
  );
}

const report = (components: string, extra = ''): string =>
  `{\n  "type": "Report",\n  "options": { "report_title": "t" },${extra}\n  "components": [\n${components}\n  ]\n}`;

describe('report problems: errors and warnings', () => {
  it('JSON syntax errors are errors, and nothing else is checked', () => {
    const found = reportProblems(SCHEMA, '{"type": "Report",, "bogus": 1}');
    assert.ok(found.length > 0);
    for (const p of found) assert.deepEqual([p.severity, p.type], ['error', 'syntax']);
  });

  it('what the service rejects is an error; an unknown option beside it a warning, in document order', () => {
    const text = report('    { "type": "Card", "options": { "title": "a", "subtitel": "b" } }');
    assert.deepEqual(problems(text), [
      '5:23 error "options" [required] components[0].options.value',
      '5:50 warning "subtitel" [additionalProperties] components[0].options.subtitel',
    ]);
  });

  it('an unknown icon name is a warning; an icon the service cannot take (a number) one error, not also a warning', () => {
    const section = (icon: string) => `    { "type": "Section", "options": { "section_title": "s", "icon": ${icon} }, "components": [] }`;
    assert.deepEqual(problems(report(section('"truck-fast-delivery"'))), [
      '5:69 warning "truck-fast-delivery" [enum] components[0].options.icon',
    ]);
    assert.deepEqual(problems(report(section('5'))), ['5:69 error 5 [type] components[0].options.icon']);
  });

  it('older forms are warnings with the schema’s deprecationMessage; the current forms are clean', () => {
    const text = report(
      '    { "type": "Text", "options": { "text": "a", "headings_margin": true } },\n' +
        '    { "type": "Text", "options": { "text": "b", "headings_margin": 4 } }',
      '\n  "config": { "typography_theme": "google-fonts", "google_fonts": { "headings": "Inter", "paragraph": { "family": "Lora" } } },',
    );
    const found = reportProblems(SCHEMA, text);
    assert.deepEqual(problems(text), [
      '4:81 warning "Inter" [deprecated] config.google_fonts.headings',
      '6:68 warning true [deprecated] components[0].options.headings_margin',
    ]);
    assert.match(found[0].message, /^Older form of `google_fonts` \(role → family name\)\. It still works/);
    assert.match(found[1].message, /^Older form of `headings_margin`\. It still works; the current form is a margin from 0 to 32/);
    // The deprecations come from the strict validator's check(); its errors stay those of validate().
    const body = JSON.parse(text);
    assert.deepEqual(SCHEMA.validator('strict').check(body).errors, SCHEMA.validator('strict').validate(body));
    assert.deepEqual(SCHEMA.validator('strict').validate(body), []);
  });

  it('the broken corpus: a file has errors exactly when the lenient (service) validator rejects it', () => {
    const { cases } = JSON.parse(readFileSync(join(BROKEN, 'cases.json'), 'utf8')) as {
      cases: Array<{ file: string; strict: unknown[]; lenient: unknown[] }>;
    };
    for (const c of cases) {
      const found = reportProblems(SCHEMA, readFileSync(join(BROKEN, c.file), 'utf8'));
      const errors = found.filter((p) => p.severity === 'error').length;
      const warnings = found.filter((p) => p.severity === 'warning').length;
      assert.equal(errors > 0, c.lenient.length > 0, `${c.file}: ${errors} errors`);
      assert.equal(errors + warnings > 0, c.strict.length > 0, `${c.file}: ${errors + warnings} problems`);
    }
  });
  it('Fidelity IV: plain numbers, an Image with image_url null, webhooks[].authHeader are warnings only (the service takes them)', () => {
    const text = report(
      [
        '    { "type": "Row", "options": { "column_spacing": 2.5 }, "components": [] },',
        '    { "type": "SparkChart.Line", "options": { "data": [1], "title": "t", "subtitle": "s", "chart_height": 40.5 } },',
        '    { "type": "Table", "options": { "rows": [["a"]], "rows_vertical_padding": 2.5, "headings_vertical_padding": 2.5 } },',
        '    { "type": "DoughnutRing", "options": { "data": [{ "end": 50 }], "margin": 10.5 } },',
        '    { "type": "ProgressBar", "options": { "progress": 150, "stages": [{ "name": "A" }] } },',
        '    { "type": "Image", "options": { "image_url": null } }',
      ].join('\n'),
      '\n  "config": { "webhooks": [{ "url": "http://127.0.0.1:9/hook", "authHeader": "tok" }] },',
    );
    assert.deepEqual(
      reportProblems(SCHEMA, text).map((p) => `${p.severity} ${p.path}`),
      [
        'warning config.webhooks[0].authHeader',
        'warning components[0].options.column_spacing',
        'warning components[3].options.margin',
        'warning components[4].options.progress',
        'warning components[5].options.image_url',
      ],
    );
  });
});

import { strict as assert } from 'node:assert';
import { isReportFileName, isReportText, schemaAttachment, topLevelMarkers } from '../../../../src/core/report/reportDocument';

describe('outline: which JSON documents are reports', () => {
  it('by file name: *.report.json and *.report.jsonc', () => {
    assert.ok(isReportFileName('/w/q3.report.json'));
    assert.ok(isReportFileName('C:\\w\\Q3.REPORT.JSONC'));
    assert.ok(!isReportFileName('/w/report.json'));
    assert.ok(!isReportFileName('/w/q3.report.json.bak'));
  });

  it('by content: a top-level "type": "Report", wherever the key sits', () => {
    assert.ok(isReportText('/w/a.json', '{ "type": "Report" }'));
    assert.ok(isReportText('/w/a.json', '// c\n{ "options": { "type": "x", "n": [1, {"type": "y"}] }, /* c */ "type": "Report" }'));
    assert.ok(!isReportText('/w/a.json', '{ "options": { "type": "Report" } }'), 'only the top level counts');
    assert.ok(!isReportText('/w/package.json', '{ "name": "x", "type": "module" }'));
    assert.ok(!isReportText('/w/a.json', '[{ "type": "Report" }]'));
    assert.ok(!isReportText('/w/a.json', ''));
  });

  it('by a $schema pointing at report.schema.json', () => {
    assert.ok(isReportText('/w/a.json', '{ "$schema": "../schemas/report.schema.json", "components": [] }'));
    assert.ok(isReportText('/w/a.json', '{ "$schema": "https://example.com/report.schema.json#v1" }'));
    assert.ok(!isReportText('/w/a.json', '{ "$schema": "https://json.schemastore.org/package.json" }'));
  });

  it('stops reading once both markers are found', () => {
    assert.deepEqual(topLevelMarkers('{ "type": "Report", "$schema": "s", "x": '), { type: 'Report', schema: 's' });
  });

  it('says how the schema attaches: by the name, by a $schema of ours, by another schema, or not at all', () => {
    assert.deepEqual(schemaAttachment('/w/q3.report.json', '{ "type": "Report" }'), { by: 'name' });
    assert.deepEqual(schemaAttachment('/w/q3.json', '{ "$schema": "../schemas/report.schema.json" }'), {
      by: '$schema',
      schema: '../schemas/report.schema.json',
    });
    assert.deepEqual(schemaAttachment('/w/q3.report.json', '{ "$schema": "https://cdn.example.com/Report.json", "type": "Report" }'), {
      by: 'other',
      schema: 'https://cdn.example.com/Report.json',
    });
    assert.deepEqual(schemaAttachment('/w/q3.json', '{ "type": "Report" }'), { by: 'none' });
  });
});

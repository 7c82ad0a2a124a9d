import * as assert from 'node:assert/strict';
import { describeDraftProblem } from '../../../../src/core/loc/draftProblem';
import { jsoncToJson } from '../../../../src/core/loc/jsoncText';
import { parsePythonJson } from '../../../../src/service/validation/pythonJson';

/** The json_invalid entry the local service sends for `text` (as src/service/http/body.ts builds it from the body sent). */
function jsonInvalid(text: string): unknown[] {
  try {
    parsePythonJson(jsoncToJson(text).body);
  } catch (e) {
    const err = e as { pos: number; pythonMessage: string };
    return [{ type: 'json_invalid', loc: ['body', err.pos], msg: 'JSON decode error', input: {}, ctx: { error: err.pythonMessage } }];
  }
  throw new Error('the text parsed');
}

describe('the live view paused reason (describeDraftProblem)', () => {
  it('turns a JSON decode error offset into line and column, in plain words', () => {
    const text = '{\n  "type": "Report",\n  "options": { "report_title": "Sales" }\n  "components": []\n}\n';
    const reason = describeDraftProblem(text, jsonInvalid(text));
    assert.equal(reason, 'Line 4, column 3: the JSON stops here — a "," is missing between two items');
    assert.doesNotMatch(reason ?? '', /\[\d+\]|decode/);
  });

  it('says a value is missing where one is, counting from the text typed (comments included)', () => {
    const text = '{\n  // draft\n  "type": "Report",\n  "options": { "report_title": },\n  "components": [],\n}';
    assert.equal(
      describeDraftProblem(text, jsonInvalid(text)),
      'Line 4, column 32: the JSON stops here — a value is expected here (a trailing comma, or a missing value?)',
    );
  });

  it('puts a refused value at its line and column with its path', () => {
    const text = '{\n  "type": "Report",\n  "options": {\n    "report_title": 5\n  }\n}';
    const detail = [{ type: 'string_type', loc: ['body', 'options', 'report_title'], msg: 'Input should be a valid string', input: 5 }];
    assert.equal(
      describeDraftProblem(text, detail),
      'Line 4, column 21: "report_title" should be text in quotes, got 5 (at options.report_title)',
    );
  });

  it('keeps a message without a place (body too large) as it is, and says nothing for an empty list', () => {
    assert.equal(
      describeDraftProblem('{}', 'The report is 9 bytes, more than the 5-byte body limit'),
      'The report is 9 bytes, more than the 5-byte body limit',
    );
    assert.equal(describeDraftProblem('{}', []), undefined);
  });
});

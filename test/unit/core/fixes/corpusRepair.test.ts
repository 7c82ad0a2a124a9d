// Every broken corpus file, repaired by quick fixes alone: the service's 422 entries (from the
// local service's own validator, in-process) and the JSON language service's diagnostics.
// Each round applies the preferred fix (else the first) of the first fixable problem and
// checks again, until the checker is satisfied.
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyEdits, parse } from 'jsonc-parser';
import { computeFixes, problemFromEntry, problemMatchesRange, problemsFromValidation } from '../../../../src/core/fixes';
import type { QuickFix } from '../../../../src/core/fixes';
import { SourceText } from '../../../../src/core/loc/locToRange';
import { validateReport } from '../../../../src/service/validation/reportValidator';
import { NO_OBVIOUS_FIX } from './corpusExpectations';
import { jsonDiagnostics } from '../schema/jsonLanguageService';
import { reportSchemaIndex } from '../../../../src/core/schema/reportSchema';

const SCHEMA = reportSchemaIndex();

const CORPUS = join(__dirname, '..', '..', '..', 'fixtures', 'broken');
const files = readdirSync(CORPUS)
  .filter((f) => f.endsWith('.report.json'))
  .sort();
const read = (file: string) => readFileSync(join(CORPUS, file), 'utf8');

const choose = (fixes: QuickFix[]) => fixes.find((f) => f.preferred) ?? fixes[0];

function serviceRound(text: string): { entries: number; fix?: QuickFix } {
  const entries = validateReport(parse(text));
  const source = new SourceText(text);
  for (const entry of entries) {
    const problem = problemFromEntry(SCHEMA, source, entry);
    const fixes = problem ? computeFixes(SCHEMA, text, problem) : [];
    if (fixes.length) return { entries: entries.length, fix: choose(fixes) };
  }
  return { entries: entries.length };
}

async function editorRound(text: string): Promise<{ diagnostics: number; fix?: QuickFix }> {
  const diagnostics = await jsonDiagnostics(text);
  const problems = problemsFromValidation(SCHEMA, text, 'strict');
  for (const d of diagnostics) {
    const fixes = problems.filter((p) => problemMatchesRange(p, d)).flatMap((p) => computeFixes(SCHEMA, text, p));
    if (fixes.length) return { diagnostics: diagnostics.length, fix: choose(fixes) };
  }
  return { diagnostics: diagnostics.length };
}

describe('fixes: the broken corpus, repaired by quick fixes', () => {
  it('the corpus is all there (51 files)', () => assert.equal(files.length, 51));

  for (const file of files) {
    it(`service 422s: ${file}`, () => {
      let text = read(file);
      const first = serviceRound(text);
      if (first.entries === 0) return; // the service accepts it (unknown options, allowed nesting)
      if (NO_OBVIOUS_FIX[file]) {
        assert.equal(first.fix, undefined, `expected no fix: ${NO_OBVIOUS_FIX[file]}`);
        return;
      }
      for (let round = 0, r = first; r.entries > 0; round++, r = serviceRound(text)) {
        assert.ok(r.fix, `round ${round}: ${r.entries} entries left and no fix for any:\n${text}`);
        assert.ok(round < 4, 'too many rounds');
        text = applyEdits(text, [r.fix.edit]);
      }
      assert.deepEqual(validateReport(parse(text)), []);
    });
  }

  for (const file of files.filter((f) => !f.startsWith('51-'))) {
    it(`editor diagnostics: ${file}`, async () => {
      let text = read(file);
      const first = await editorRound(text);
      if (first.diagnostics === 0) return;
      if (NO_OBVIOUS_FIX[file]) {
        assert.equal(first.fix, undefined, `expected no fix: ${NO_OBVIOUS_FIX[file]}`);
        return;
      }
      for (let round = 0, r = first; r.diagnostics > 0; round++, r = await editorRound(text)) {
        assert.ok(r.fix, `round ${round}: ${r.diagnostics} diagnostics left and no fix for any:\n${text}`);
        assert.ok(round < 4, 'too many rounds');
        text = applyEdits(text, [r.fix.edit]);
      }
      assert.deepEqual(await jsonDiagnostics(text), []);
    });
  }
});

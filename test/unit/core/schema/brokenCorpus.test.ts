// The broken-report corpus: each file yields exactly the expected ajv errors (JSON pointer,
// keyword, key params) — no cascade of if/then/allOf noise — in strict and lenient mode.
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ReportValidationError } from '../../../../src/core/schema/validator';
import { reportSchemaIndex } from '../../../../src/core/schema/reportSchema';

const SCHEMA = reportSchemaIndex();

const dir = join(__dirname, '..', '..', '..', 'fixtures', 'broken');

interface ExpectedError {
  instancePath: string;
  keyword: string;
  params?: Record<string, unknown>;
}
interface Case {
  file: string;
  fault: string;
  strict: ExpectedError[];
  lenient: ExpectedError[];
  note?: string;
}

const { cases } = JSON.parse(readFileSync(join(dir, 'cases.json'), 'utf8')) as { cases: Case[] };

/** The comparable part of an actual error: pointer, keyword and the params the case names. */
function project(actual: ReportValidationError, like?: ExpectedError): ExpectedError {
  const out: ExpectedError = { instancePath: actual.instancePath, keyword: actual.keyword };
  if (like?.params) {
    out.params = Object.fromEntries(Object.keys(like.params).map((k) => [k, (actual.params as Record<string, unknown>)[k]]));
  }
  return out;
}

const key = (e: ExpectedError) => JSON.stringify([e.instancePath, e.keyword, e.params ?? null]);

function compare(actual: ReportValidationError[], expected: ExpectedError[]): void {
  const remaining = [...expected];
  const projected = actual.map((a) => {
    const i = remaining.findIndex((e) => e.instancePath === a.instancePath && e.keyword === a.keyword && key(project(a, e)) === key(e));
    const like = i >= 0 ? remaining.splice(i, 1)[0] : undefined;
    return project(a, like);
  });
  assert.deepEqual(projected.map(key).sort(), expected.map(key).sort());
}

describe('schema: broken corpus (test/fixtures/broken)', () => {
  const strictValidator = SCHEMA.validator('strict');
  const lenientValidator = SCHEMA.validator('lenient');

  it('has at least 30 broken reports, each listed once in cases.json', () => {
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.report.json'))
      .sort();
    assert.deepEqual(cases.map((c) => c.file).sort(), files);
    assert.ok(cases.filter((c) => c.strict.length > 0).length >= 30);
  });

  for (const c of cases) {
    describe(c.file, () => {
      const body = JSON.parse(readFileSync(join(dir, c.file), 'utf8'));
      it(`strict: ${c.fault}`, () => compare(strictValidator.validate(body), c.strict));
      it(`lenient: ${c.lenient.length ? 'the same fault' : 'accepted'}`, () => compare(lenientValidator.validate(body), c.lenient));
    });
  }

  it('never returns the if/then wrapper errors', () => {
    for (const c of cases) {
      const body = JSON.parse(readFileSync(join(dir, c.file), 'utf8'));
      assert.ok(
        strictValidator.validate(body).every((e) => e.keyword !== 'if'),
        c.file,
      );
    }
  });
});

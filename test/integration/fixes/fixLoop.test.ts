// The whole loop over real HTTP: submit each broken corpus file to the local service, map the
// REAL 422 onto the text, compute the quick fix, apply its edit, submit again — until the
// service accepts the report. What the extension does, minus the editor.
import { strict as assert } from 'node:assert';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyEdits } from 'jsonc-parser';
import { ReportClient } from '../../../src/core/client/apiClient';
import { isReportServiceError } from '../../../src/core/client/errors';
import type { ValidationErrorEntry } from '../../../src/core/api/types';
import { computeFixes, problemFromEntry } from '../../../src/core/fixes';
import { anchorEntries } from '../../../src/core/loc/anchorEntries';
import { SourceText } from '../../../src/core/loc/locToRange';
import type { QuickFix } from '../../../src/core/fixes';
import { createMinimalRenderer } from '../../../src/render/minimalRenderer';
import { startLocalService, type LocalService } from '../../../src/service/service';
import { NO_OBVIOUS_FIX } from '../../unit/core/fixes/corpusExpectations';
import { reportSchemaIndex } from '../../../src/core/schema/reportSchema';

const SCHEMA = reportSchemaIndex();

const CORPUS = join(__dirname, '..', '..', 'fixtures', 'broken');
const files = readdirSync(CORPUS)
  .filter((f) => f.endsWith('.report.json'))
  .sort();

describe('quick fixes against the real local service (HTTP)', () => {
  let service: LocalService;
  let client: ReportClient;
  let dataDir: string;

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'rs-fixes-'));
    service = await startLocalService({ port: 0, dataDir, renderer: createMinimalRenderer(), rateLimit: 0, log: () => undefined });
    client = new ReportClient({ apiKey: service.apiKeys[0], baseUrl: service.baseUrl, retry: { retries: 0 } });
  });

  after(async () => {
    await client.close();
    await service.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The 422 entries of a preview submission; [] when the service accepts the text. */
  async function submit(text: string): Promise<ValidationErrorEntry[]> {
    try {
      const accepted = await client.submit('preview', text);
      assert.ok(accepted.task_id);
      return [];
    } catch (error) {
      if (isReportServiceError(error) && error.kind === 'validation' && error.status === 422) return error.details;
      throw error;
    }
  }

  const kindsApplied = new Set<string>();

  function fixesFor(text: string, details: ValidationErrorEntry[]): QuickFix[][] {
    const source = new SourceText(text);
    return anchorEntries(text, details, { sentText: text }).map((a) => {
      const problem = problemFromEntry(SCHEMA, source, a.entry);
      return problem ? computeFixes(SCHEMA, text, problem) : [];
    });
  }

  for (const file of files) {
    it(file, async () => {
      let text = readFileSync(join(CORPUS, file), 'utf8');
      let details = await submit(text);
      if (details.length === 0) return; // accepted as it is (unknown options, allowed nesting)
      assert.ok(
        details.every((d) => Array.isArray(d.loc) && d.loc[0] === 'body'),
        'a pydantic-shaped 422',
      );
      if (NO_OBVIOUS_FIX[file]) {
        assert.deepEqual(fixesFor(text, details).flat(), [], NO_OBVIOUS_FIX[file]);
        return;
      }
      const applied: string[] = [];
      for (let round = 0; details.length > 0; round++) {
        assert.ok(round < 4, `still rejected after ${applied.join(' → ')}`);
        const fixes = fixesFor(text, details).find((f) => f.length > 0);
        assert.ok(fixes, `no fix for ${details.map((d) => `${d.type} at ${d.loc.join('.')}`).join(', ')}`);
        const fix = fixes.find((f) => f.preferred) ?? fixes[0];
        applied.push(fix.title);
        kindsApplied.add(fix.kind);
        text = applyEdits(text, [fix.edit]);
        details = await submit(text);
      }
      assert.ok(applied.length >= 1 && applied.length <= 2, `${applied.length} fixes applied`);
    });
  }

  it('used every kind of fix a 422 can call for', () => {
    // remove-key has no 422 case: the service ignores unknown options (the editor flags them).
    assert.deepEqual([...kindsApplied].sort(), ['add-missing', 'add-type', 'clamp', 'convert', 'rename-key', 'replace-value']);
  });
});

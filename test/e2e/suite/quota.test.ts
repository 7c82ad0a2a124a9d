// The quota: Check Quota's record, the code lens above a report, and the local service's
// start/stop commands. Runs against the extension's bundled local service.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { QuotaRecord } from '../../../src/core/api/types';
import { countMatches, logOfTask, openExampleCopy, run, useSettings } from './studio';

async function lensTitles(uri: vscode.Uri): Promise<Array<string | undefined>> {
  const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
  return lenses.filter((l) => l.range.start.line === 0).map((l) => l.command?.title);
}

describe('quota and the code lens', () => {
  useSettings({ confirmBeforeBuild: false, service: 'local' });

  it('Check Quota returns the whole record of the local service', async () => {
    const record = await run<QuotaRecord>('checkQuota', { show: false });
    assert.ok(record, 'a record');
    for (const field of [
      'remaining_single_page_reports',
      'remaining_multi_page_reports',
      'max_single_page_reports',
      'max_multi_page_reports',
      'max_pages_per_report',
    ] as const) {
      assert.ok(Number.isInteger(record[field]), `${field} is an integer`);
    }
    assert.equal(record.subscription_active, true);
    assert.ok(Date.parse(record.period_end) > Date.parse(record.period_start));
    assert.ok(record.remaining_single_page_reports <= record.max_single_page_reports);
  });

  it('puts Preview · Build · N single-page left above a report, and the lenses run', async () => {
    const record = await run<QuotaRecord>('checkQuota', { show: false });
    const { document } = await openExampleCopy('kpi-dashboard.report.json');
    assert.deepEqual(await lensTitles(document.uri), [
      '$(eye) Preview',
      '$(file-pdf) Build',
      `${record.remaining_single_page_reports} single-page left`,
    ]);
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', document.uri);
    const preview = lenses.find((l) => l.command?.command === 'reportStudio.preview');
    assert.ok(preview?.command?.arguments?.[0] instanceof vscode.Uri, 'the lens passes the report URI');
    const outcome = await run<{ status: string; kind: string }>('preview', ...(preview.command.arguments ?? []));
    assert.deepEqual([outcome.status, outcome.kind], ['success', 'preview']);
    assert.equal(
      lenses.find((l) => l.command?.command === 'reportStudio.checkQuota')?.command?.title,
      `${record.remaining_single_page_reports} single-page left`,
    );
  });

  it('a single-page Build takes one from the lens, from the response headers alone', async () => {
    const before = await run<QuotaRecord>('checkQuota', { show: false });
    const { document } = await openExampleCopy('invoice.report.json');
    const outcome = await run<{ status: string; pageCount: number; taskId: string }>('build', document.uri);
    assert.equal(outcome.status, 'success');
    assert.equal(outcome.pageCount, 1);
    assert.deepEqual((await lensTitles(document.uri))[2], `${before.remaining_single_page_reports - 1} single-page left`);
    const after = await run<QuotaRecord>('checkQuota', { show: false });
    assert.equal(after.remaining_single_page_reports, before.remaining_single_page_reports - 1, 'the service agrees');
    assert.equal(countMatches(await logOfTask(outcome.taskId), /get-remaining-quota/), 0, 'no quota request during the build');
  });

  it('counts a multi-page report against the multi-page quota', async () => {
    const record = await run<QuotaRecord>('checkQuota', { show: false });
    const { document } = await openExampleCopy('annual-review.report.json');
    assert.equal((await lensTitles(document.uri))[2], `${record.remaining_multi_page_reports} multi-page left`);
  });

  it('Stop Local Service stops it; the next request starts it again', async () => {
    const started = await run<{ baseUrl: string; port: number }>('startLocalService');
    assert.match(started.baseUrl, /^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
    assert.equal(await run<boolean>('stopLocalService'), true);
    assert.equal(await run<boolean>('stopLocalService'), false, 'already stopped');
    const record = await run<QuotaRecord>('checkQuota', { show: false });
    assert.ok(record, 'Check Quota started the service again');
    const again = await run<{ baseUrl: string }>('startLocalService');
    assert.match(again.baseUrl, /^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
  });
});

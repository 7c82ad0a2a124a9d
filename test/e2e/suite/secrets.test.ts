// The API key lives in SecretStorage only: Set/Clear round-trip through it (proved by a
// "custom" service that needs the key: the extension's own local service at its URL), and
// the key never reaches settings.json or any log file.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import {
  allLogFiles,
  openExampleCopy,
  reportLogText,
  run,
  userSettingsText,
  waitForLog,
  withSettings,
  type SubmitOutcome,
  cleanUp,
} from './studio';

function assertNowhere(secret: string): void {
  assert.ok(!userSettingsText().includes(secret), 'the key is not in settings.json');
  for (const file of allLogFiles()) assert.ok(!fs.readFileSync(file, 'utf8').includes(secret), `the key is not in ${file}`);
}

describe('API key and service selection', () => {
  let restore: () => Promise<void>;
  let devKey: string;
  let baseUrl: string;

  before(async () => {
    restore = await withSettings({ service: 'local', customBaseUrl: '', confirmBeforeBuild: false });
    await run('clearApiKey');
    const started = await run<{ baseUrl: string; dataDir: string }>('startLocalService');
    baseUrl = started.baseUrl;
    devKey = JSON.parse(fs.readFileSync(path.join(started.dataDir, 'dev-key.json'), 'utf8')).key;
    assert.ok(devKey.length >= 16);
  });

  after(async () => {
    await run('clearApiKey');
    await restore();
    await cleanUp();
  });

  it('the hosted service without a key says so before sending anything', async () => {
    assert.equal(await run('selectService', 'hosted'), 'hosted');
    const { document } = await openExampleCopy('invoice.report.json');
    const outcome = await run<SubmitOutcome>('preview', document.uri);
    assert.equal(outcome.status, 'error');
    assert.equal(outcome.errorKind, 'setup');
    assert.match(outcome.message ?? '', /No API key is set/);
  });

  it('Set API Key stores the key where the custom service gets it, never in settings or logs', async () => {
    assert.equal(await run('selectService', 'custom', baseUrl), 'custom');
    assert.equal(vscode.workspace.getConfiguration('reportStudio').get('customBaseUrl'), baseUrl);
    const { document } = await openExampleCopy('invoice.report.json');
    const withoutKey = await run<SubmitOutcome>('preview', document.uri);
    assert.equal(withoutKey.errorKind, 'setup', 'custom needs a key too');

    assert.equal(await run('setApiKey', `  ${devKey}  `), true, 'stored (trimmed)');
    const quota = await run<{ remaining_single_page_reports: number }>('checkQuota', { show: false });
    assert.ok(quota && Number.isInteger(quota.remaining_single_page_reports), 'the custom service accepted the stored key');
    const preview = await run<SubmitOutcome>('preview', document.uri);
    assert.equal(preview.status, 'success', JSON.stringify(preview));
    const origin = baseUrl.replace(/\/api\/v1$/, '');
    await waitForLog(
      'the requests to the custom service',
      new RegExp(`\\[http\\] POST ${origin.replace(/[.]/g, '\\.')}/api/v1/preview-report → 200 in \\d+ ms`),
    );
    // The key travels in the X-API-KEY header only: no URL the extension requested (its own
    // request log, and the service's log of what it received) carries `api_key`, not even redacted.
    const log = await waitForLog('the download of the preview', /\[http\] GET \S+\/api\/v1\/get-report\?task_id=\S+ → 200/);
    assert.ok(!/api_key/i.test(log), 'no request URL carries the key');
    assertNowhere(devKey);
  });

  it('a wrong key is an auth error, and the wrong key is not logged either', async () => {
    const wrong = 'rs_wrong_key_0123456789abcdef';
    assert.equal(await run('setApiKey', wrong), true);
    const { document } = await openExampleCopy('invoice.report.json');
    const outcome = await run<SubmitOutcome>('preview', document.uri);
    assert.equal(outcome.errorKind, 'auth', JSON.stringify(outcome));
    await waitForLog('the rejected request', /preview-report → 401/);
    assertNowhere(wrong);
    assert.ok(!(outcome.message ?? '').includes(wrong));
  });

  it('rejects input that cannot be a key, and keeps the stored one', async () => {
    assert.equal(await run('setApiKey', devKey), true);
    assert.equal(await run('setApiKey', 'two words'), false);
    assert.ok(await run('checkQuota', { show: false }), 'the stored key still works');
  });

  it('Clear API Key removes it: the custom service is refused again', async () => {
    assert.equal(await run('clearApiKey'), true);
    assert.equal(await run('clearApiKey'), false, 'nothing left to clear');
    const { document } = await openExampleCopy('invoice.report.json');
    const outcome = await run<SubmitOutcome>('preview', document.uri);
    assert.equal(outcome.errorKind, 'setup');
    assertNowhere(devKey);
  });

  it('an unreachable custom service is a network error naming the service', async () => {
    await run('selectService', 'custom', 'http://127.0.0.1:9/api/v1');
    await run('setApiKey', devKey);
    const { document } = await openExampleCopy('invoice.report.json');
    const outcome = await run<SubmitOutcome>('preview', document.uri);
    assert.equal(outcome.errorKind, 'network', JSON.stringify(outcome));
    assert.match(outcome.message ?? '', /127\.0\.0\.1:9/);
    assert.ok(reportLogText().length > 0);
    assertNowhere(devKey);
  });
});

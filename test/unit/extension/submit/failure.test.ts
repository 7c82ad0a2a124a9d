// describeFailure: every way a Preview/Build can end without a result, as the plain value the
// extension then applies (log, panel, Problems, toast, quota refresh) — branch by branch.
import { strict as assert } from 'node:assert';
import { FileWriteError } from '../../../../src/core/client/download';
import { ReportServiceError } from '../../../../src/core/client/errors';
import { createVscodeStub, installVscodeStub } from '../../../helpers/vscodeStub';

type FailureModule = typeof import('../../../../src/extension/submit/failure');
type Types = typeof import('../../../../src/extension/submit/types');
type Loader = typeof import('../../../../src/extension/service/runtimeLoader');
type Config = typeof import('../../../../src/extension/service/serviceConfig');

describe('extension: describeFailure', () => {
  let failure: FailureModule;
  let types: Types;
  let loader: Loader;
  let config: Config;
  let uninstall: () => void;
  const clean = (text: string) => text.replace(/sk-secret-123456/g, '***');
  const ctx = (over: Record<string, unknown>) => ({
    kind: 'preview' as const,
    trigger: 'command' as const,
    name: 'sales.report.json',
    error: undefined,
    ...over,
  });

  before(() => {
    uninstall = installVscodeStub(createVscodeStub());
    /* eslint-disable @typescript-eslint/no-require-imports -- loaded after the vscode stub is in place */
    failure = require('../../../../src/extension/submit/failure');
    types = require('../../../../src/extension/submit/types');
    loader = require('../../../../src/extension/service/runtimeLoader');
    config = require('../../../../src/extension/service/serviceConfig');
    /* eslint-enable @typescript-eslint/no-require-imports */
    loader.provideEngine({ ReportServiceError, FileWriteError } as unknown as Parameters<Loader['provideEngine']>[0]);
  });
  after(() => {
    loader.provideEngine(undefined);
    uninstall();
  });

  it('a superseded run ends quietly', () => {
    assert.deepEqual(failure.describeFailure(ctx({ reason: types.SUPERSEDED, taskId: 't1' }), clean), {
      outcome: { status: 'superseded', taskId: 't1' },
    });
  });

  it('a cancel says the service may still finish (and cost quota for a build)', () => {
    const d = failure.describeFailure(ctx({ kind: 'build', reason: types.CANCELLED, taskId: 'abcdef123456' }), clean);
    assert.equal(d.outcome.status, 'cancelled');
    assert.match(d.outcome.message!, /may still finish task abcdef12 \(a finished build counts against the quota\)/);
    assert.deepEqual(d.notify, { severity: 'info', message: d.outcome.message, actions: [] });
    assert.deepEqual(d.panel, { show: 'error', kind: 'cancelled', message: d.outcome.message });
    const early = failure.describeFailure(ctx({ reason: types.CANCELLED }), clean);
    assert.equal(early.outcome.message, 'Cancelled the preview of sales.report.json before it reached the service.');
  });

  it('a setup problem offers its own actions', () => {
    const error = new config.ServiceSetupError('No API key is set.', ['setApiKey', 'useLocal']);
    const d = failure.describeFailure(ctx({ error }), clean);
    assert.deepEqual(d.outcome, { status: 'error', errorKind: 'setup', message: 'No API key is set.' });
    assert.deepEqual(d.notify?.actions, ['setApiKey', 'useLocal']);
  });

  it('a 422 marks the file, and a save does not toast', () => {
    const details = [{ type: 'missing', loc: ['body', 'options', 'report_title'], msg: 'Field required', input: {} }];
    const error = new ReportServiceError({ kind: 'validation', message: 'rejected', status: 422, details });
    const d = failure.describeFailure(ctx({ error }), clean);
    assert.equal(d.outcome.status, 'invalid');
    assert.equal(d.outcome.message, 'The preview of sales.report.json was rejected: 1 validation error, marked in the file.');
    assert.deepEqual(d.panel, { show: 'validation', details });
    assert.deepEqual(d.notify?.actions, ['showProblems']);
    assert.equal(failure.describeFailure(ctx({ error, trigger: 'save' }), clean).notify, undefined);
  });

  it("a FAILED task shows the service's message from its field and refreshes the quota after a build", () => {
    const error = new ReportServiceError({
      kind: 'task_failed',
      message: 'Build t-9 failed: font missing',
      serviceMessage: 'font missing',
      taskId: 't-9',
    });
    const d = failure.describeFailure(ctx({ kind: 'build', error }), clean);
    assert.deepEqual(d.outcome, { status: 'failed', taskId: 't-9', errorKind: 'task_failed', message: 'font missing' });
    assert.deepEqual(d.panel, { show: 'failed', taskId: 't-9', errorMessage: 'font missing' });
    assert.equal(d.refreshQuota, true);
    assert.equal(failure.describeFailure(ctx({ error }), clean).refreshQuota, false, 'a preview costs nothing');
  });

  it('any other service error names the service and offers the fix for its kind, redacted', () => {
    const error = new ReportServiceError({ kind: 'auth', message: 'key sk-secret-123456 refused', status: 401 });
    const session = { label: 'Hosted service (api.hybiscus.dev)' };
    const d = failure.describeFailure(ctx({ error, session }), clean);
    assert.equal(
      d.outcome.message,
      'The preview of sales.report.json did not complete (Hosted service (api.hybiscus.dev)): key *** refused',
    );
    assert.deepEqual(d.panel, { show: 'error', kind: 'auth', message: 'key *** refused', detail: 'HTTP 401' });
    assert.deepEqual(d.notify?.actions, ['setApiKey', 'selectService', 'showLog']);
  });

  it('an unreachable hosted or custom service: one sentence with the host (no URL, no code), Use Local Service and Retry', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
    const error = new ReportServiceError({
      kind: 'network',
      message: 'POST /preview-report: cannot reach http://127.0.0.1:9 (ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:9)',
      requestSent: false,
      cause: new TypeError('fetch failed', { cause: refused }),
    });
    const session = { label: 'Custom service (127.0.0.1:9)', mode: 'custom' };
    const d = failure.describeFailure(ctx({ error, session }), clean);
    const sentence =
      'The preview of sales.report.json could not reach the custom service (127.0.0.1:9): nothing is listening at that address.';
    assert.equal(d.outcome.message, sentence);
    assert.deepEqual(d.panel, { show: 'error', kind: 'network', message: sentence, offerLocal: true });
    assert.deepEqual(d.notify, { severity: 'error', message: sentence, actions: ['useLocal', 'retry'] });
    assert.match(d.log!.message, /ECONNREFUSED/, 'the code stays in the log');

    const dns = Object.assign(new Error('getaddrinfo ENOTFOUND api.hybiscus.dev'), { code: 'ENOTFOUND' });
    const offline = new ReportServiceError({ kind: 'network', message: 'x', cause: new TypeError('fetch failed', { cause: dns }) });
    const hosted = failure.describeFailure(
      ctx({ kind: 'build', error: offline, session: { label: 'Hosted service (api.hybiscus.dev)', mode: 'hosted' } }),
      clean,
    );
    assert.equal(
      hosted.outcome.message,
      'The build of sales.report.json could not reach the hosted service (api.hybiscus.dev): its host name could not be looked up (no network, or a mistyped address).',
    );
    // In the browser, fetch's bare TypeError: the service allows no calls from this page (CORS). The client's sentence is shown.
    const blocked = new ReportServiceError({
      kind: 'network',
      message:
        'The browser blocked the request to https://api.hybiscus.dev: that service does not allow calls from this page (or cannot be reached from it), but the bundled local service works here.',
      cause: new TypeError('Failed to fetch'),
    });
    const web = failure.describeFailure(
      ctx({ error: blocked, session: { label: 'Hosted service (api.hybiscus.dev)', mode: 'hosted' } }),
      clean,
    );
    assert.equal(
      web.outcome.message,
      'The preview of sales.report.json did not run. The browser blocked the request to https://api.hybiscus.dev: that service does not allow calls from this page (or cannot be reached from it), but the bundled local service works here.',
    );
    assert.deepEqual(web.notify?.actions, ['useLocal', 'retry']);
    assert.equal((web.panel as { offerLocal?: boolean } | undefined)?.offerLocal, true);
    const slow = new ReportServiceError({ kind: 'timeout', message: 'GET /get-task-status: no complete answer within 30000 ms' });
    const timedOut = failure.describeFailure(
      ctx({ error: slow, session: { label: 'Local service (127.0.0.1:4000)', mode: 'local' } }),
      clean,
    );
    assert.equal(
      timedOut.outcome.message,
      'The preview of sales.report.json could not reach the local service (127.0.0.1:4000): it did not answer in time.',
    );
    assert.deepEqual(timedOut.notify?.actions, ['retry', 'showLog'], 'no "Use Local Service" when it is the local one');
    assert.equal(timedOut.panel?.show === 'error' && timedOut.panel.offerLocal, false);
  });

  it("an error that is not the service's: a file that could not be written, or anything else", () => {
    const write = failure.describeFailure(ctx({ error: new FileWriteError('/x/out.pdf', new Error('EACCES')) }), clean);
    assert.match(write.outcome.message!, /^Could not save the result: /);
    const other = failure.describeFailure(ctx({ error: new Error('boom') }), clean);
    assert.equal(other.outcome.message, 'The preview of sales.report.json failed: boom');
    assert.deepEqual(other.notify?.actions, ['showLog']);
  });
});

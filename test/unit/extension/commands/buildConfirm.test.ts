// The Build's question, by service: a local Build never asks; a hosted one says what it uses, or
// plainly that the quota could not be read; an unreachable service is said at once, with no question.
import { strict as assert } from 'node:assert';
import { ReportServiceError } from '../../../../src/core/client/errors';
import { createVscodeStub, installVscodeStub } from '../../../helpers/vscodeStub';

type BuildModule = typeof import('../../../../src/extension/commands/build');
type Loader = typeof import('../../../../src/extension/service/runtimeLoader');

describe('extension: the Build question', () => {
  let build: BuildModule;
  let loader: Loader;
  let uninstall: () => void;
  const asked: Array<{ message: string; detail: string }> = [];

  before(() => {
    const stub = createVscodeStub();
    const v = stub.module as Record<string, Record<string, unknown>>;
    v.window = {
      showWarningMessage: async (message: string, options: { detail: string }) => {
        asked.push({ message, detail: options.detail });
        return 'Build';
      },
    };
    v.workspace = {
      getConfiguration: () => ({ get: () => undefined, inspect: () => undefined, update: async () => undefined }),
    };
    uninstall = installVscodeStub(stub);
    /* eslint-disable @typescript-eslint/no-require-imports -- loaded after the vscode stub is in place */
    build = require('../../../../src/extension/commands/build');
    loader = require('../../../../src/extension/service/runtimeLoader');
    /* eslint-enable @typescript-eslint/no-require-imports */
    loader.provideEngine({ ReportServiceError } as unknown as Parameters<Loader['provideEngine']>[0]);
  });
  after(() => {
    loader.provideEngine(undefined);
    uninstall();
  });
  beforeEach(() => (asked.length = 0));

  const document = {
    uri: { path: '/work/q3.report.json', scheme: 'file', fsPath: '/work/q3.report.json', toString: () => 'file:///work/q3.report.json' },
    isDirty: false,
    getText: () => '{"type": "Report", "components": []}',
  };

  /** Services with a service of `mode` whose quota read ends with `quota` (a record, or an error). */
  function services(mode: 'local' | 'hosted', quota: { error: unknown } | { single: number }) {
    const calls: string[] = [];
    const state: { snapshot?: unknown; lastError?: string; serviceLabel?: string; local: boolean; refreshing: boolean } = {
      local: mode === 'local',
      refreshing: false,
    };
    const s = {
      log: { warn: () => undefined },
      clients: { target: async () => ({ mode, label: mode === 'local' ? 'Local service' : 'Hosted service (api.hybiscus.dev)' }) },
      quota: {
        get current() {
          return state;
        },
        refresh: async () => {
          calls.push('quota');
          if ('error' in quota) {
            state.lastError = (quota.error as Error).message;
            throw quota.error;
          }
          state.snapshot = { singleRemaining: quota.single, multiRemaining: 3 };
          return {};
        },
      },
      submissions: {
        submit: async () => (calls.push('submit'), { status: 'success' }),
        failEarly: async (_d: unknown, _k: string, _t: string, error: unknown) => (
          calls.push(`failEarly ${(error as ReportServiceError).kind}`),
          { status: 'error' }
        ),
      },
    };
    return { s: s as never, calls };
  }

  it('a local Build starts without a question (its quota is a free development one)', async () => {
    const { s, calls } = services('local', { single: 99 });
    await build.buildDocument(s, document as never, 'command');
    assert.deepEqual(asked, []);
    assert.deepEqual(calls, ['submit'], 'not even a quota read');
  });

  it('a hosted Build asks, saying what it uses', async () => {
    const { s, calls } = services('hosted', { single: 98 });
    await build.buildDocument(s, document as never, 'command');
    assert.deepEqual(asked, [
      {
        message: 'Build q3.report.json?',
        detail: 'This uses 1 single-page report of 98 left on the hosted service (api.hybiscus.dev). Preview is free.',
      },
    ]);
    assert.deepEqual(calls, ['quota', 'submit']);
  });

  it('says plainly when the quota could not be read', async () => {
    const refused = new ReportServiceError({ kind: 'server', message: 'GET /get-remaining-quota: server error (HTTP 500)', status: 500 });
    const { s } = services('hosted', { error: refused });
    await build.buildDocument(s, document as never, 'command');
    assert.equal(
      asked[0]?.detail,
      "Build uses 1 of your plan's single-page reports; the quota could not be read (GET /get-remaining-quota: server error (HTTP 500)). Service: the hosted service (api.hybiscus.dev). Preview is free.",
    );
  });

  it('an unreachable service: no question about an unknown quota, the failure at once', async () => {
    const offline = new ReportServiceError({
      kind: 'network',
      message: 'GET /get-remaining-quota: cannot reach https://api.hybiscus.dev (ENOTFOUND)',
    });
    const { s, calls } = services('hosted', { error: offline });
    await build.buildDocument(s, document as never, 'command');
    assert.deepEqual(asked, []);
    assert.deepEqual(calls, ['quota', 'failEarly network']);
  });
});

// Restricted Mode in the extension host: the bundled local service started for an untrusted
// workspace fetches nothing on a report's behalf; granting trust stops it, so its next use
// starts it in full, and the open live views are drawn again (with their images).
import { strict as assert } from 'node:assert';
import * as os from 'node:os';
import * as path from 'node:path';
import { createVscodeStub, installVscodeStub, TestEventEmitter, TestUri } from '../../../helpers/vscodeStub';

type HostModule = typeof import('../../../../src/extension/service/localServiceHost');
type Loader = typeof import('../../../../src/extension/service/runtimeLoader');
type LiveModule = typeof import('../../../../src/extension/live/livePreview');
type CompareSources = typeof import('../../../../src/extension/compare/compareSources');

describe('extension: Restricted Mode', () => {
  let host: HostModule;
  let loader: Loader;
  let liveModule: LiveModule;
  let compareSources: CompareSources;
  let uninstall: () => void;
  const workspace: Record<string, unknown> = {};
  const started: Array<{ restricted?: boolean }> = [];
  let stopped = 0;

  before(() => {
    const stub = createVscodeStub();
    const v = stub.module as Record<string, unknown>;
    v.Uri = TestUri;
    v.EventEmitter = TestEventEmitter;
    v.workspace = workspace;
    v.l10n = { t: (message: string, ...args: unknown[]) => message.replace(/\{(\d+)\}/g, (_, i: string) => String(args[Number(i)])) };
    Object.assign(workspace, {
      isTrusted: false,
      textDocuments: [],
      getConfiguration: () => ({ get: () => undefined, inspect: () => undefined }),
      onDidChangeTextDocument: () => ({ dispose() {} }),
      onDidSaveTextDocument: () => ({ dispose() {} }),
      onDidCloseTextDocument: () => ({ dispose() {} }),
    });
    uninstall = installVscodeStub(stub);
    /* eslint-disable @typescript-eslint/no-require-imports -- loaded after the vscode stub is in place */
    host = require('../../../../src/extension/service/localServiceHost');
    loader = require('../../../../src/extension/service/runtimeLoader');
    liveModule = require('../../../../src/extension/live/livePreview');
    compareSources = require('../../../../src/extension/compare/compareSources');
    /* eslint-enable @typescript-eslint/no-require-imports */
    loader.provideEngine({
      startLocalService: async (o: { restricted?: boolean; port: number }) => {
        started.push({ restricted: o.restricted });
        return {
          url: 'http://127.0.0.1:1',
          baseUrl: 'http://127.0.0.1:1/api/v1',
          port: 1,
          dataDir: '/data',
          apiKeys: ['dev-key'],
          renderDraft: async () => ({ ok: true, pdf: new Uint8Array(), pageCount: 1, notes: [], boxes: [], renderMs: 1 }),
          stop: async () => void stopped++,
        };
      },
    } as never);
  });
  after(() => {
    loader.provideEngine(undefined);
    uninstall();
  });

  function newHost() {
    const log = {
      service: () => undefined,
      info: () => undefined,
      warn: () => undefined,
      addSecret: () => undefined,
      removeSecret: () => undefined,
    };
    const context = {
      extensionPath: '/ext',
      globalStorageUri: TestUri.file(path.join(os.tmpdir(), 'rs-restricted')),
      globalState: { get: () => true, update: async () => undefined },
    };
    return new host.LocalServiceHost(context as never, log as never);
  }

  it('starts the local service fetching nothing while untrusted, and in full after trust is granted', async () => {
    started.length = 0;
    stopped = 0;
    workspace.isTrusted = false;
    const h = newHost();
    await h.ensureStarted({ announce: false });
    assert.deepEqual(started, [{ restricted: true }]);
    workspace.isTrusted = true;
    assert.equal(await h.trustGranted(), true, 'the restricted service is stopped');
    assert.equal(stopped, 1);
    assert.equal(h.running, undefined);
    await h.ensureStarted({ announce: false });
    assert.deepEqual(started, [{ restricted: true }, { restricted: false }]);
    assert.equal(await h.trustGranted(), false, 'a service started in full is left running');
    assert.equal(stopped, 1);
    await h.stop();
  });

  it('runs no git for Compare with HEAD while untrusted, and says how to turn it on', async () => {
    workspace.isTrusted = false;
    await assert.rejects(
      compareSources.headVersion(TestUri.file('/ws/q3.report.json') as never),
      /^Error: Comparing q3\.report\.json with HEAD runs git, which stays off in Restricted Mode: trust this folder first/,
    );
  });

  it('draws every open live view again, and only those', async () => {
    const a = {
      uri: TestUri.file('/ws/a.report.json'),
      languageId: 'json',
      version: 1,
      isClosed: false,
      getText: () => '{"type": "Report"}',
    };
    const b = {
      uri: TestUri.file('/ws/b.report.json'),
      languageId: 'json',
      version: 1,
      isClosed: false,
      getText: () => '{"type": "Report"}',
    };
    workspace.textDocuments = [a, b];
    const drawn: string[] = [];
    const live = new liveModule.LivePreview({
      context: { globalStorageUri: TestUri.file(path.join(os.tmpdir(), 'rs-restricted-live')) },
      panels: {
        liveReports: () => [a.uri],
        hasPanel: () => true,
        showLive: async (u: TestUri) => void drawn.push(u.path),
        showLivePaused: () => undefined,
      },
      local: {
        ensureStarted: async () => ({
          renderDraft: async () => ({ ok: true, pdf: new Uint8Array([37]), pageCount: 1, notes: [], boxes: [], renderMs: 1 }),
        }),
      },
      clients: { target: async () => ({ mode: 'local', label: '' }) },
      log: { warn: () => undefined, info: () => undefined },
    } as never);
    await live.redrawOpen();
    assert.deepEqual(drawn, ['/ws/a.report.json']);
    live.dispose();
  });
});

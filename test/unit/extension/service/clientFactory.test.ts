// ClientFactory with the vscode stub, a scripted key store and local service, and an engine whose
// ReportClient records what it was built with: which service a request goes to, one client kept
// while nothing changes and the old one closed when something does, setup errors that say what to
// do, and a key that reaches the client and the log's redaction but never the session's labels.
import { strict as assert } from 'node:assert';
import { createVscodeStub, installVscodeStub } from '../../../helpers/vscodeStub';

type FactoryModule = typeof import('../../../../src/extension/service/clientFactory');
type Loader = typeof import('../../../../src/extension/service/runtimeLoader');
type SetupModule = typeof import('../../../../src/extension/service/serviceConfig');

interface BuiltClient {
  options: { apiKey: string; baseUrl: string; timeoutMs: number; userAgent: string; log: (line: string) => void };
  closed: boolean;
}

describe('extension: ClientFactory', () => {
  let mod: FactoryModule;
  let loader: Loader;
  let setup: SetupModule;
  let uninstall: () => void;
  let settings: Record<string, unknown>;
  let built: BuiltClient[];

  before(() => {
    const stub = createVscodeStub();
    const v = stub.module as Record<string, Record<string, unknown>>;
    v.workspace = {
      getConfiguration: () => ({ get: (k: string) => settings[k] }),
    };
    uninstall = installVscodeStub(stub);
    /* eslint-disable @typescript-eslint/no-require-imports -- loaded after the vscode stub is in place */
    mod = require('../../../../src/extension/service/clientFactory');
    loader = require('../../../../src/extension/service/runtimeLoader');
    setup = require('../../../../src/extension/service/serviceConfig');
    /* eslint-enable @typescript-eslint/no-require-imports */
    class RecordingClient {
      readonly record: BuiltClient;
      constructor(options: BuiltClient['options']) {
        this.record = { options, closed: false };
        built.push(this.record);
      }
      async close(): Promise<void> {
        this.record.closed = true;
      }
    }
    loader.provideEngine({ ReportClient: RecordingClient } as never);
  });
  after(() => {
    loader.provideEngine(undefined);
    uninstall();
  });

  function harness(initialKey?: string) {
    let key = initialKey;
    const started: string[] = [];
    const secrets: string[] = [];
    const requests: string[] = [];
    let running: { baseUrl: string; apiKey: string } | undefined;
    const keys = { get: async () => key, has: async () => key !== undefined };
    const local = {
      get running() {
        return running;
      },
      ensureStarted: async () => {
        started.push('start');
        running ??= { baseUrl: 'http://127.0.0.1:41234/api/v1', apiKey: 'local-dev-key-0000' };
        return running;
      },
    };
    const log = { addSecret: (s: string) => secrets.push(s), request: (l: string) => requests.push(l) };
    const factory = new mod.ClientFactory('/ext', keys as never, local as never, log as never);
    return { factory, started, secrets, requests, setKey: (k: string | undefined) => (key = k) };
  }

  beforeEach(() => {
    settings = {};
    built = [];
  });

  it('with no key and the default setting: the bundled service, started on demand, with its own key', async () => {
    const h = harness();
    assert.deepEqual(await h.factory.target(), { mode: 'local', label: 'Local service' });
    assert.deepEqual(h.started, [], 'asking where requests would go starts nothing');
    const session = await h.factory.acquire();
    assert.equal(session.mode, 'local');
    assert.equal(session.baseUrl, 'http://127.0.0.1:41234/api/v1');
    assert.equal(session.label, 'Local service (127.0.0.1:41234)');
    assert.equal(built.length, 1);
    assert.equal(built[0].options.apiKey, 'local-dev-key-0000');
    assert.equal(built[0].options.timeoutMs, 30_000);
    assert.match(built[0].options.userAgent, /^report-studio-vscode\//);
    assert.deepEqual(h.secrets, ['local-dev-key-0000'], "the log redacts the local service's key too");
    assert.deepEqual(await h.factory.target(), { mode: 'local', label: 'Local service (127.0.0.1:41234)' });
  });

  it('keeps one client while nothing changes; a new key, timeout or service closes it and builds the next', async () => {
    const h = harness('key-one-1111');
    const first = await h.factory.acquire();
    assert.equal(first.mode, 'hosted', 'auto + a stored key = the hosted service');
    assert.equal(first.baseUrl, 'https://api.hybiscus.dev/api/v1');
    assert.equal(await h.factory.acquire(), first, 'same settings, same session');
    assert.equal(built.length, 1);

    h.setKey('key-two-2222');
    const second = await h.factory.acquire();
    assert.notEqual(second, first);
    assert.equal(built[0].closed, true, 'the old client is closed');
    assert.notEqual(second.target, first.target, "quota numbers of one key never show under another's");
    assert.equal(second.label, first.label);

    settings.requestTimeoutSeconds = 5;
    await h.factory.acquire();
    assert.equal(built[2].options.timeoutMs, 5000);
    assert.equal(built[1].closed, true);

    settings.service = 'local';
    const local = await h.factory.acquire();
    assert.equal(local.mode, 'local', 'an explicit setting wins over the stored key');
    assert.equal(built.length, 4);

    h.factory.dispose();
    await new Promise((r) => setImmediate(r));
    assert.equal(built[3].closed, true, 'dispose closes the current client');
  });

  it('the key is in the client and the redaction list, never in the session target or label', async () => {
    const h = harness('sk-very-secret-abcdef');
    const session = await h.factory.acquire();
    assert.equal(built[0].options.apiKey, 'sk-very-secret-abcdef');
    assert.deepEqual(h.secrets, ['sk-very-secret-abcdef']);
    for (const text of [session.target, session.label, session.baseUrl]) assert.ok(!text.includes('secret'), text);
    built[0].options.log('GET /quota -> 200 (12 ms)');
    assert.deepEqual(h.requests, ['GET https://api.hybiscus.dev/api/v1/quota -> 200 (12 ms)']);
  });

  it('hosted or custom without a key, or a custom URL that cannot work: a setup error naming the fix', async () => {
    const h = harness();
    settings.service = 'hosted';
    await assert.rejects(h.factory.acquire(), (e: unknown) => {
      assert.ok(e instanceof setup.ServiceSetupError);
      assert.match(e.message, /No API key is set\. The hosted service needs one: run "Report Studio: Set API Key"/);
      assert.deepEqual(e.actions, ['setApiKey', 'useLocal']);
      return true;
    });
    settings.service = 'custom';
    settings.customBaseUrl = 'https://reports.example.com/api/v1';
    await assert.rejects(h.factory.acquire(), /The custom service at https:\/\/reports\.example\.com\/api\/v1 needs one/);
    settings.customBaseUrl = 'ftp://reports.example.com';
    h.setKey('k-123456789');
    await assert.rejects(h.factory.acquire(), (e: unknown) => {
      assert.ok(e instanceof setup.ServiceSetupError);
      assert.match(e.message, /^The custom service URL \(reportStudio\.customBaseUrl\) is not usable: /);
      assert.deepEqual(e.actions, ['selectService']);
      return true;
    });
    assert.deepEqual(await h.factory.target(), { mode: 'custom', label: 'Custom service' });
    assert.equal(built.length, 0, 'no client for a configuration that cannot work');
  });
});

// QuotaStore with the vscode stub (plus a working EventEmitter): concurrent refreshes share one
// request, a build's headers update the numbers without one, and numbers of one service or key
// never show under another.
import { strict as assert } from 'node:assert';
import type { QuotaRecord } from '../../../../src/core/api/types';
import { createVscodeStub, installVscodeStub, TestEventEmitter } from '../../../helpers/vscodeStub';

type StoreModule = typeof import('../../../../src/extension/quota/quotaStore');

const record = (single: number): QuotaRecord => ({
  remaining_single_page_reports: single,
  remaining_multi_page_reports: 5,
  remaining_ai_json_completions: 0,
  max_single_page_reports: 100,
  max_multi_page_reports: 10,
  max_pages_per_report: 10,
  max_ai_json_completions: 0,
  period_start: '2026-11-01T00:00:00Z',
  period_end: '2026-12-01T00:00:00Z',
  error: null,
  subscription_active: true,
});

/** A ClientFactory stand-in: one session per target, counting quota requests. */
function fakeClients(target = 'local http://127.0.0.1:1 aa') {
  const calls = { quota: 0 };
  let release: (() => void) | undefined;
  /** Every request's release, in order (release() is the newest one's). */
  const releases: Array<() => void> = [];
  let failWith: Error | undefined;
  let single = 42;
  const session = () => ({
    mode: target.startsWith('local') ? 'local' : 'hosted',
    label: target.startsWith('local') ? 'Local service (127.0.0.1:1)' : 'Hosted service (api.hybiscus.dev)',
    target,
    client: {
      getRemainingQuota: async () => {
        calls.quota++;
        await new Promise<void>((r) => releases.push((release = r)));
        if (failWith) throw failWith;
        return record(single);
      },
    },
  });
  return {
    calls,
    factory: { acquire: async () => session() },
    session,
    release: () => release?.(),
    releaseAt: (i: number) => releases[i]?.(),
    setTarget: (t: string) => (target = t),
    fail: (e: Error | undefined) => (failWith = e),
    setSingle: (n: number) => (single = n),
  };
}

describe('extension: QuotaStore', () => {
  let QuotaStore: StoreModule['QuotaStore'];
  let uninstall: () => void;

  before(() => {
    const stub = createVscodeStub();
    (stub.module as Record<string, unknown>).EventEmitter = TestEventEmitter;
    uninstall = installVscodeStub(stub);
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded after the vscode stub is in place
    ({ QuotaStore } = require('../../../../src/extension/quota/quotaStore') as StoreModule);
  });
  after(() => uninstall());

  const tick = () => new Promise((r) => setImmediate(r));

  it('concurrent refreshes share one request and announce refreshing, then the numbers', async () => {
    const clients = fakeClients();
    const store = new QuotaStore(clients.factory as never);
    const seen: string[] = [];
    store.onDidChange((s) => seen.push(s.refreshing ? 'refreshing' : `${s.snapshot?.singleRemaining}`));
    const a = store.refresh();
    const b = store.refresh();
    await tick();
    clients.release();
    assert.equal(await a, await b);
    assert.equal(clients.calls.quota, 1);
    assert.equal(store.current.snapshot?.singleRemaining, 42);
    assert.equal(store.current.serviceLabel, 'Local service (127.0.0.1:1)');
    assert.equal(store.current.local, true);
    assert.ok(store.known);
    assert.deepEqual(seen, ['refreshing', '42']);
    store.dispose();
  });

  it('a failed refresh keeps the message and rejects like the client', async () => {
    const clients = fakeClients();
    const store = new QuotaStore(clients.factory as never);
    clients.fail(new Error('HTTP 401: key refused'));
    const p = store.refresh();
    await tick();
    clients.release();
    await assert.rejects(p, /key refused/);
    assert.equal(store.current.lastError, 'HTTP 401: key refused');
    assert.equal(store.current.refreshing, false);
    assert.ok(store.known);
  });

  it("a build's headers update the numbers without a request; another service's numbers never mix in", async () => {
    const clients = fakeClients();
    const store = new QuotaStore(clients.factory as never);
    const p = store.refresh();
    await tick();
    clients.release();
    await p;
    store.updateFromHeaders(clients.session() as never, { singlePageRemaining: 41, multiPageRemaining: 5 });
    assert.equal(store.current.snapshot?.singleRemaining, 41);
    assert.equal(clients.calls.quota, 1, 'no request for the headers');
    clients.setTarget('hosted https://api.hybiscus.dev/api/v1 bb');
    store.updateFromHeaders(clients.session() as never, { singlePageRemaining: 7, multiPageRemaining: null });
    assert.equal(store.current.serviceLabel, 'Hosted service (api.hybiscus.dev)');
    assert.equal(store.current.snapshot?.singleRemaining, 7);
    assert.equal(store.current.snapshot?.record, undefined, 'the local record does not carry over to the hosted service');
    store.reset();
    assert.equal(store.current.snapshot, undefined);
    assert.equal(store.known, false);
  });

  it('a refresh after a change of service asks the new one: the request in flight to the old one is not shared, nor written', async () => {
    const clients = fakeClients();
    const store = new QuotaStore(clients.factory as never);
    const old = store.refresh();
    await tick();
    store.reset();
    assert.equal(store.current.refreshing, false, 'no spinner left for the dropped request');
    clients.setTarget('hosted https://api.hybiscus.dev/api/v1 bb');
    clients.setSingle(7);
    const fresh = store.refresh();
    assert.notEqual(fresh, old, 'a new request');
    await tick();
    clients.release();
    await fresh;
    assert.equal(clients.calls.quota, 2);
    assert.equal(store.current.snapshot?.singleRemaining, 7);
    clients.fail(new Error('the old client was closed'));
    clients.releaseAt(0);
    await assert.rejects(old);
    assert.equal(store.current.lastError, undefined, "the old request's failure does not land on the new service");
    assert.equal(store.current.serviceLabel, 'Hosted service (api.hybiscus.dev)');
  });
});

/** RecentRenders (src/service/renderReuse.ts): which render a later task or draft of the same body may take, and its bounds. */
import { strict as assert } from 'node:assert';
import { MAX_ENTRIES, MAX_EXPECTED_TASKS, MAX_KEYED_BODY_BYTES, RecentRenders, REUSE_MS } from '../../../src/service/renderReuse';
import type { RenderedPdf } from '../../../src/render/renderer';

const pdfOf = (bytes: number): RenderedPdf => ({ pdf: new Uint8Array(bytes), pageCount: 1, notes: [] });
const body = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('local service: renders shared by identical bodies', () => {
  it('keys a body by its bytes, and does not hash one over the size limit', () => {
    assert.equal(RecentRenders.keyOf('k1', body('{"a":1}')), RecentRenders.keyOf('k1', body('{"a":1}')));
    assert.notEqual(RecentRenders.keyOf('k1', body('{"a":1}')), RecentRenders.keyOf('k1', body('{"a": 1}')));
    assert.equal(RecentRenders.keyOf('k1', new Uint8Array(MAX_KEYED_BODY_BYTES + 1)), undefined);
  });

  it('scopes the key to the API key, and never keys an empty (or detached) body', () => {
    assert.notEqual(RecentRenders.keyOf('k1', body('{"a":1}')), RecentRenders.keyOf('k2', body('{"a":1}')));
    const bytes = new Uint8Array(body('{"a":1}'));
    structuredClone(bytes.buffer, { transfer: [bytes.buffer] });
    assert.equal(bytes.byteLength, 0, 'detached');
    assert.equal(RecentRenders.keyOf('k1', bytes), undefined);
  });

  it('offers a remembered render for REUSE_MS, and a task its body key once', async () => {
    let now = 1_000;
    const r = new RecentRenders(() => now);
    const key = RecentRenders.keyOf('k1', body('{"x":1}'));
    const render = Promise.resolve(pdfOf(10));
    r.remember(key, render);
    r.expect('task-1', key);
    assert.equal(r.keyOfTask('task-1'), key);
    assert.equal(r.keyOfTask('task-1'), undefined, 'taken once');
    assert.equal(r.find(key), render);
    now += REUSE_MS + 1;
    assert.equal(r.find(key), undefined, 'too old');
    assert.equal(r.find(undefined), undefined);
    r.clear();
  });

  it('drops expired renders on a timer, without a lookup, and leaves no timer once empty or cleared', async () => {
    let now = 1_000;
    const timers: Array<{ fn: () => void; ms: number; cancelled: boolean }> = [];
    const schedule = (fn: () => void, ms: number): (() => void) => {
      const t = { fn, ms, cancelled: false };
      timers.push(t);
      return () => (t.cancelled = true);
    };
    const live = () => timers.filter((t) => !t.cancelled);
    const r = new RecentRenders(() => now, schedule);
    r.remember(RecentRenders.keyOf('k1', body('{"a":1}')), Promise.resolve(pdfOf(10)));
    now += 10_000;
    r.remember(RecentRenders.keyOf('k1', body('{"b":1}')), Promise.resolve(pdfOf(10)));
    await new Promise((res) => setImmediate(res));
    assert.equal(live().length, 1, 'one timer');
    assert.equal(live()[0].ms, REUSE_MS + 1 - 10_000, 'due when the oldest expires');
    now += REUSE_MS + 1 - 10_000;
    const first = live()[0];
    first.cancelled = true;
    first.fn();
    assert.equal(r.size, 1, 'the oldest went, unasked');
    assert.equal(live().length, 1);
    assert.equal(live()[0].ms, 10_000, 'then the next');
    now += 10_000;
    const second = live()[0];
    second.cancelled = true;
    second.fn();
    assert.equal(r.size, 0);
    assert.equal(live().length, 0, 'no timer while empty');
    r.remember(RecentRenders.keyOf('k1', body('{"c":1}')), Promise.resolve(pdfOf(10)));
    r.clear();
    assert.equal(live().length, 0, 'clear() stops the timer');
  });

  it('forgets a render that fails, so the next one renders on its own', async () => {
    const r = new RecentRenders();
    const key = RecentRenders.keyOf('k1', body('{"y":1}'));
    const failing = Promise.reject(new Error('superseded by a newer text'));
    r.remember(key, failing);
    await failing.catch(() => undefined);
    await new Promise((res) => setImmediate(res));
    assert.equal(r.find(key), undefined);
  });

  it('keeps at most MAX_ENTRIES renders, the newest', async () => {
    const r = new RecentRenders();
    const keys = Array.from({ length: MAX_ENTRIES + 3 }, (_, i) => RecentRenders.keyOf('k1', body(`{"n":${i}}`)));
    for (const k of keys) r.remember(k, Promise.resolve(pdfOf(1)));
    await new Promise((res) => setImmediate(res));
    assert.deepEqual(
      keys.map((k) => r.find(k) !== undefined),
      keys.map((_, i) => i >= 3),
    );
    r.clear();
  });

  it('keeps the body keys of at most MAX_EXPECTED_TASKS tasks', () => {
    const r = new RecentRenders();
    for (let i = 0; i <= MAX_EXPECTED_TASKS; i++) r.expect(`t${i}`, 'k');
    assert.equal(r.keyOfTask('t0'), undefined, 'the oldest went');
    assert.equal(r.keyOfTask(`t${MAX_EXPECTED_TASKS}`), 'k');
  });
});

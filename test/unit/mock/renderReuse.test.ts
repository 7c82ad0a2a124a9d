/** RecentRenders (src/mock/renderReuse.ts): which render a later task or draft of the same body may take, and its bounds. */
import { strict as assert } from 'node:assert';
import { MAX_ENTRIES, MAX_EXPECTED_TASKS, MAX_KEYED_BODY_BYTES, RecentRenders, REUSE_MS } from '../../../src/mock/renderReuse';
import type { RenderedPdf } from '../../../src/render/renderer';

const pdfOf = (bytes: number): RenderedPdf => ({ pdf: new Uint8Array(bytes), pageCount: 1, notes: [] });
const body = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('local service: renders shared by identical bodies', () => {
  it('keys a body by its bytes, and does not hash one over the size limit', () => {
    assert.equal(RecentRenders.keyOf('k', body('{"a":1}')), RecentRenders.keyOf('k', body('{"a":1}')));
    assert.notEqual(RecentRenders.keyOf('k', body('{"a":1}')), RecentRenders.keyOf('k', body('{"a": 1}')));
    assert.equal(RecentRenders.keyOf('k', new Uint8Array(MAX_KEYED_BODY_BYTES + 1)), undefined);
  });

  it('offers a remembered render for REUSE_MS, and a task its body key once', async () => {
    let now = 1_000;
    const r = new RecentRenders(() => now);
    const key = RecentRenders.keyOf('k', body('{"x":1}'));
    const render = Promise.resolve(pdfOf(10));
    r.remember(key, render);
    r.expect('task-1', key);
    assert.equal(r.keyOfTask('task-1'), key);
    assert.equal(r.keyOfTask('task-1'), undefined, 'taken once');
    assert.equal(r.find(key), render);
    now += REUSE_MS + 1;
    assert.equal(r.find(key), undefined, 'too old');
    assert.equal(r.find(undefined), undefined);
  });

  it('forgets a render that fails, so the next one renders on its own', async () => {
    const r = new RecentRenders();
    const key = RecentRenders.keyOf('k', body('{"y":1}'));
    const failing = Promise.reject(new Error('superseded by a newer text'));
    r.remember(key, failing);
    await failing.catch(() => undefined);
    await new Promise((res) => setImmediate(res));
    assert.equal(r.find(key), undefined);
  });

  it('keeps at most MAX_ENTRIES renders, the newest', async () => {
    const r = new RecentRenders();
    const keys = Array.from({ length: MAX_ENTRIES + 3 }, (_, i) => RecentRenders.keyOf('k', body(`{"n":${i}}`)));
    for (const k of keys) r.remember(k, Promise.resolve(pdfOf(1)));
    await new Promise((res) => setImmediate(res));
    assert.deepEqual(
      keys.map((k) => r.find(k) !== undefined),
      keys.map((_, i) => i >= 3),
    );
  });

  it('keeps the body keys of at most MAX_EXPECTED_TASKS tasks', () => {
    const r = new RecentRenders();
    for (let i = 0; i <= MAX_EXPECTED_TASKS; i++) r.expect(`t${i}`, 'k');
    assert.equal(r.keyOfTask('t0'), undefined, 'the oldest went');
    assert.equal(r.keyOfTask(`t${MAX_EXPECTED_TASKS}`), 'k');
  });
});

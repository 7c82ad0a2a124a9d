/**
 * The quota ledger: reserve at submit, charge by rendered page count at success,
 * release on failure. 50 parallel builds leave it exact and never negative.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { QuotaRecord } from '../../../src/core/api/types';
import { report, reportWithPages, startHarness, submit, type Harness } from './helpers';

const quota = async (h: Harness): Promise<QuotaRecord> => (await h.api('/get-remaining-quota')).json() as Promise<QuotaRecord>;
const headerInts = (r: Response): [number, number] => {
  const s = r.headers.get('x-single-page-reports-remaining');
  const m = r.headers.get('x-multi-page-reports-remaining');
  assert.match(s ?? '', /^\d+$/);
  assert.match(m ?? '', /^\d+$/);
  return [Number(s), Number(m)];
};

describe('local service: quota ledger', function () {
  it('50 parallel builds: exactly the quota succeeds, the rest get 429, the ledger is exact and never negative', async () => {
    const h = await startHarness({ plan: { quotaSingle: 30, quotaMulti: 6 }, concurrency: 4 });
    try {
      const bodies = [...Array(50)].map((_, i) => (i % 5 === 0 ? reportWithPages(3, { enable_multi_page: true }) : reportWithPages(1)));
      const responses = await Promise.all(bodies.map((b) => h.post('/build-report', b)));
      const ok = responses.filter((r) => r.status === 200);
      const limited = responses.filter((r) => r.status === 429);
      assert.equal(ok.length + limited.length, 50);
      for (const r of responses) {
        const [s, m] = headerInts(r);
        assert.ok(s >= 0 && s <= 30 && m >= 0 && m <= 6);
      }
      // 40 single-page submissions for 30 units, 10 multi-page for 6 units.
      assert.equal(ok.length, 36);
      const ids = await Promise.all(ok.map(async (r) => ((await r.json()) as { task_id: string }).task_id));
      assert.equal(new Set(ids).size, 36);
      const statuses = await Promise.all(ids.map((id) => h.waitFor(id)));
      assert.ok(statuses.every((s) => s.status === 'SUCCESS'));
      const q = await quota(h);
      assert.equal(q.remaining_single_page_reports, 0);
      assert.equal(q.remaining_multi_page_reports, 0);
      const ledger = JSON.parse(readFileSync(join(h.dataDir, 'ledger.json'), 'utf8'));
      const charges = Object.values(ledger.keys)[0] as { charges: Record<string, string> };
      const kinds = Object.values(charges.charges);
      assert.equal(kinds.filter((k) => k === 'single').length, 30);
      assert.equal(kinds.filter((k) => k === 'multi').length, 6);
      assert.deepEqual(Object.keys(charges.charges).sort(), [...ids].sort());
      assert.ok(!JSON.stringify(ledger).includes(h.key), 'the ledger holds key ids, not keys');
    } finally {
      await h.stop();
    }
  });

  it('exhausted → 429 naming the quota and the period end; headers show 0', async () => {
    const h = await startHarness({ plan: { quotaSingle: 1, quotaMulti: 0 } });
    try {
      const first = await submit(h, report());
      assert.equal(first.res.status, 200);
      assert.deepEqual(headerInts(first.res), [0, 0]);
      const q = await quota(h);
      const second = await h.post('/build-report', report());
      assert.equal(second.status, 429);
      assert.deepEqual(headerInts(second), [0, 0]);
      const end = new Date(Date.parse(q.period_end)).toISOString();
      assert.deepEqual(await second.json(), {
        detail: `Single-page report quota exhausted: all 1 single-page reports of this plan are used or in progress for the period ending ${end}`,
      });
      const multi = await h.post('/build-report', reportWithPages(2, { enable_multi_page: true }));
      assert.equal(multi.status, 429);
      assert.match((await multi.json()).detail, /^Multi-page report quota exhausted: all 0 multi-page reports/);
      // Previews never count and still work.
      const preview = await submit(h, report(), 'preview');
      assert.equal(preview.res.status, 200);
      assert.equal((await h.waitFor(preview.taskId)).status, 'SUCCESS');
    } finally {
      await h.stop();
    }
  });

  it('a FAILED build, a 422 and a preview cost nothing', async () => {
    const h = await startHarness({ failRate: 1 });
    try {
      const { res, taskId } = await submit(h, report());
      assert.deepEqual(headerInts(res), [99, 20], 'reserved while in progress');
      assert.equal((await h.waitFor(taskId)).status, 'FAILED');
      assert.equal((await quota(h)).remaining_single_page_reports, 100, 'released when FAILED');
      const bad = await h.post('/build-report', { type: 'Report' });
      assert.equal(bad.status, 422);
      assert.deepEqual(headerInts(bad), [100, 20]);
    } finally {
      await h.stop();
    }
    const p = await startHarness();
    try {
      for (let i = 0; i < 3; i++) {
        const { res, taskId } = await submit(p, report(), 'preview');
        assert.deepEqual(headerInts(res), [100, 20]);
        await p.waitFor(taskId);
      }
      const q = await quota(p);
      assert.equal(q.remaining_single_page_reports, 100);
      assert.equal(q.remaining_multi_page_reports, 20);
    } finally {
      await p.stop();
    }
  });

  it('the rendered page count decides single vs multi; more pages than max_pages_per_report → FAILED, free', async () => {
    const h = await startHarness({ plan: { quotaSingle: 5, quotaMulti: 2, maxPages: 3 } });
    try {
      // Predicted single (no enable_multi_page) but renders 2 pages → charged as multi.
      const a = await submit(h, reportWithPages(2));
      assert.equal((await h.waitFor(a.taskId)).status, 'SUCCESS');
      let q = await quota(h);
      assert.equal(q.remaining_single_page_reports, 5);
      assert.equal(q.remaining_multi_page_reports, 1);
      // Predicted multi but renders 1 page → charged as single.
      const b = await submit(h, reportWithPages(1, { enable_multi_page: true }));
      assert.equal((await h.waitFor(b.taskId)).status, 'SUCCESS');
      q = await quota(h);
      assert.equal(q.remaining_single_page_reports, 4);
      assert.equal(q.remaining_multi_page_reports, 1);
      const c = await submit(h, reportWithPages(4, { enable_multi_page: true }));
      assert.deepEqual(await h.waitFor(c.taskId), {
        status: 'FAILED',
        error_message: 'The report has 4 pages, more than the 3 allowed by max_pages_per_report of this plan',
      });
      q = await quota(h);
      assert.equal(q.remaining_multi_page_reports, 1);
      assert.equal(q.max_pages_per_report, 3);
    } finally {
      await h.stop();
    }
  });

  it("config.n_pages above 1 without enable_multi_page (the older SDK's page switch) reserves a multi-page report", async () => {
    const h = await startHarness({ plan: { quotaSingle: 5, quotaMulti: 1 } });
    try {
      const a = await submit(h, reportWithPages(2, { n_pages: 3 }));
      assert.deepEqual(headerInts(a.res), [5, 0], 'reserved as multi-page at submit');
      assert.equal((await h.waitFor(a.taskId)).status, 'SUCCESS');
      const again = await h.post('/build-report', reportWithPages(2, { n_pages: 3 }));
      assert.equal(again.status, 429);
      assert.match((await again.json()).detail, /^Multi-page report quota exhausted/);
      // The explicit switch wins: single-page.
      const off = await submit(h, reportWithPages(1, { n_pages: 3, enable_multi_page: false }));
      assert.deepEqual(headerInts(off.res), [4, 0]);
      await h.waitFor(off.taskId);
    } finally {
      await h.stop();
    }
  });

  it('rendered as multi-page while the multi-page quota is used up → FAILED, nothing charged', async () => {
    const h = await startHarness({ plan: { quotaSingle: 5, quotaMulti: 0 } });
    try {
      const { taskId } = await submit(h, reportWithPages(2));
      const s = await h.waitFor(taskId);
      const q = await quota(h);
      assert.deepEqual(s, {
        status: 'FAILED',
        error_message: `The report rendered 2 pages, so it counts as a multi-page report, but the multi-page quota of this plan is used up until ${new Date(Date.parse(q.period_end)).toISOString()}; nothing was charged`,
      });
      assert.equal(q.remaining_single_page_reports, 5);
      assert.equal((await h.api(`/get-report?task_id=${taskId}`)).status, 409);
    } finally {
      await h.stop();
    }
  });

  it('an inactive subscription → 402 on build and preview; the quota record says so', async () => {
    const h = await startHarness({ plan: { subscriptionActive: false } });
    try {
      for (const path of ['/build-report', '/preview-report']) {
        const r = await h.post(path, report());
        assert.equal(r.status, 402);
        assert.deepEqual(await r.json(), {
          detail: 'Subscription inactive: this API key has no active plan, so reports cannot be built or previewed',
        });
      }
      const q = await quota(h);
      assert.equal(q.subscription_active, false);
      assert.equal(q.error, 'Subscription inactive');
    } finally {
      await h.stop();
    }
  });

  it('several keys, each with its own plan and ledger', async () => {
    const h = await startHarness({
      keys: [
        { key: 'key-alpha-0001', quotaSingle: 2 },
        { key: 'key-beta-0002', quotaSingle: 7, maxPages: 4 },
      ],
    });
    try {
      assert.deepEqual(h.service.apiKeys, ['key-alpha-0001', 'key-beta-0002']);
      const a = await h.post('/build-report', report(), { headers: { 'x-api-key': 'key-alpha-0001' } });
      assert.deepEqual(headerInts(a), [1, 20]);
      const b = await h.api('/get-remaining-quota', { headers: { 'x-api-key': 'key-beta-0002' } });
      const qb = (await b.json()) as QuotaRecord;
      assert.equal(qb.remaining_single_page_reports, 7);
      assert.equal(qb.max_pages_per_report, 4);
      // A task is visible only to the key that submitted it.
      const { task_id } = (await a.json()) as { task_id: string };
      const other = await h.api(`/get-task-status?task_id=${task_id}`, { headers: { 'x-api-key': 'key-beta-0002' } });
      assert.equal(other.status, 404);
    } finally {
      await h.stop();
    }
  });

  it('the period rolls over at period_end: a new period with the full quota', async () => {
    let now = Date.UTC(2025, 0, 10, 15, 30);
    const h = await startHarness({ plan: { quotaSingle: 3, periodDays: 7 }, now: () => now });
    try {
      const { taskId } = await submit(h, report());
      await h.waitFor(taskId);
      let q = await quota(h);
      assert.equal(q.period_start, '2025-01-10T00:00:00Z');
      assert.equal(q.period_end, '2025-01-17T00:00:00Z');
      assert.equal(q.remaining_single_page_reports, 2);
      now = Date.UTC(2025, 0, 17, 0, 0) - 1;
      assert.equal((await quota(h)).remaining_single_page_reports, 2);
      now = Date.UTC(2025, 0, 17, 0, 0);
      q = await quota(h);
      assert.equal(q.period_start, '2025-01-17T00:00:00Z');
      assert.equal(q.period_end, '2025-01-24T00:00:00Z');
      assert.equal(q.remaining_single_page_reports, 3);
      // Several periods later: aligned to the original period grid.
      now = Date.UTC(2025, 1, 20);
      q = await quota(h);
      assert.equal(q.period_start, '2025-02-14T00:00:00Z');
      assert.equal(q.period_end, '2025-02-21T00:00:00Z');
    } finally {
      await h.stop();
    }
  });
});

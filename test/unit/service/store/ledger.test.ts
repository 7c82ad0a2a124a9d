/**
 * The quota ledger over either kind of document (store/jsonDocument.ts): in memory, as the
 * service in the browser keeps it, and in ledger.json on disk — reservations and charges count
 * against the plan, a ledger reopened over the same document has the charges (not the
 * reservations), and a period ends on time.
 */
import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_PLAN, type Plan } from '../../../../src/service/options';
import { fileDocument } from '../../../../src/service/store/atomicFile';
import { memoryDocument, type JsonDocument } from '../../../../src/service/store/jsonDocument';
import { Ledger } from '../../../../src/service/store/ledger';

const DAY_MS = 86_400_000;
const PLAN: Plan = { ...DEFAULT_PLAN, quotaSingle: 2, quotaMulti: 1, periodDays: 30 };

const documents: Array<[string, () => { doc: JsonDocument; done(): void }]> = [
  ['memory', () => ({ doc: memoryDocument(), done: () => undefined })],
  [
    'ledger.json',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'rs-ledger-'));
      return { doc: fileDocument(join(dir, 'ledger.json')), done: () => rmSync(dir, { recursive: true, force: true }) };
    },
  ],
];

for (const [where, make] of documents) {
  describe(`the quota ledger in ${where}`, () => {
    let doc: JsonDocument;
    let done: () => void;
    let now = Date.UTC(2026, 10, 26, 12);
    const clock = () => now;

    beforeEach(() => ({ doc, done } = make()));
    afterEach(() => done());

    it('counts reservations and charges against the plan, and a reopened ledger has the charges only', async () => {
      const ledger = new Ledger(doc, clock);
      await ledger.open();
      assert.ok(ledger.tryReserve('k1', PLAN, 'single', 't1'));
      assert.ok(ledger.tryReserve('k1', PLAN, 'single', 't2'));
      assert.equal(ledger.tryReserve('k1', PLAN, 'single', 't3'), false, 'the third single build is over the quota');
      assert.deepEqual(await ledger.charge('k1', PLAN, 't1', 'single'), { ok: true, kind: 'single' });
      ledger.release('k1', 't2');
      assert.equal(ledger.snapshot('k1', PLAN).remainingSingle, 1);
      assert.equal(ledger.snapshot('k2', PLAN).remainingSingle, 2, 'another key has its own quota');

      const reopened = new Ledger(doc, clock);
      await reopened.open();
      assert.equal(reopened.snapshot('k1', PLAN).remainingSingle, 1, 'the charge was kept');
      await reopened.uncharge('k1', 't1');
      assert.equal(reopened.snapshot('k1', PLAN).remainingSingle, 2);
      await Promise.all([ledger.flush(), reopened.flush()]);
    });

    it('starts a new period when the last one ended', async () => {
      const ledger = new Ledger(doc, clock);
      await ledger.open();
      assert.ok(ledger.tryReserve('k1', PLAN, 'multi', 't1'));
      await ledger.charge('k1', PLAN, 't1', 'multi');
      const first = ledger.snapshot('k1', PLAN);
      assert.equal(first.remainingMulti, 0);
      now = first.periodEnd + 3 * DAY_MS;
      const next = ledger.snapshot('k1', PLAN);
      assert.equal(next.remainingMulti, 1);
      assert.equal(next.periodStart, first.periodEnd);
      // The new period is written behind the snapshot: done before the folder is removed.
      await ledger.flush();
    });
  });
}

describe('the quota ledger on disk', () => {
  it('writes ledger.json as the local service always has (version 1, charges by task id)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rs-ledger-'));
    try {
      const ledger = new Ledger(fileDocument(join(dir, 'ledger.json')), () => Date.UTC(2026, 10, 26));
      await ledger.open();
      ledger.tryReserve('k1', PLAN, 'single', 't1');
      await ledger.charge('k1', PLAN, 't1', 'single');
      const file = JSON.parse(readFileSync(join(dir, 'ledger.json'), 'utf8'));
      assert.equal(file.version, 1);
      assert.deepEqual(file.keys.k1.charges, { t1: 'single' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

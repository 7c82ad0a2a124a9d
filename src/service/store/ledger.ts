/**
 * Quota ledger: per API key and period, which finished builds were charged and as what.
 *
 * Reserve-then-charge keeps the ledger exact under concurrency:
 * - submit: a build reserves one unit of the kind its config predicts (multi when
 *   the report may take more than one page: core/report/pageSwitch.ts). The check and the reservation happen in
 *   one synchronous step, so parallel submits can never both take the last unit;
 *   remaining = max − charged − reserved is therefore never negative.
 * - success: the reservation turns into a charge of the kind the rendered page count
 *   says. If that differs from the prediction and the other kind has no unit left, the
 *   task ends FAILED and costs nothing.
 * - failure (render error, too many pages, fault, timeout): the reservation is released.
 * Charges are keyed by task id, so charging again after a crash is a no-op.
 * Reservations are not persisted: they are rebuilt from the unfinished tasks at start.
 */
import type { Plan } from '../options';
import { CoalescingWriter, type JsonDocument } from './jsonDocument';
import type { QuotaKind } from './taskStore';

const DAY_MS = 86_400_000;

interface KeyLedger {
  periodStart: number;
  periodEnd: number;
  /** task id → the kind it was charged as, in the current period. */
  charges: Record<string, QuotaKind>;
}

interface LedgerFile {
  version: 1;
  keys: Record<string, KeyLedger>;
}

export interface QuotaSnapshot {
  remainingSingle: number;
  remainingMulti: number;
  periodStart: number;
  periodEnd: number;
}

export type ChargeResult = { ok: true; kind: QuotaKind } | { ok: false; kind: QuotaKind; periodEnd: number };

export class Ledger {
  private data: LedgerFile = { version: 1, keys: {} };
  private readonly reserved = new Map<string, Map<string, QuotaKind>>();
  private readonly writer: CoalescingWriter;

  /** `document`: ledger.json in the data dir (fileDocument), or memory in the browser (memoryDocument). */
  constructor(
    private readonly document: JsonDocument,
    private readonly now: () => number,
  ) {
    this.writer = new CoalescingWriter(document, () => this.data);
  }

  async open(): Promise<void> {
    const file = await this.document.read<LedgerFile>();
    if (file?.version === 1 && file.keys) this.data = file;
  }

  /** The key's current period, rolled over when `now` passed its end. */
  period(keyId: string, plan: Plan): KeyLedger {
    const now = this.now();
    const length = plan.periodDays * DAY_MS;
    let entry = this.data.keys[keyId];
    if (!entry) {
      // Periods start at UTC midnight: dates people can read at a glance.
      const start = Math.floor(now / DAY_MS) * DAY_MS;
      entry = { periodStart: start, periodEnd: start + length, charges: {} };
      this.data.keys[keyId] = entry;
      void this.writer.flush().catch(() => undefined);
    } else if (now >= entry.periodEnd) {
      const skipped = Math.floor((now - entry.periodEnd) / length);
      entry.periodStart = entry.periodEnd + skipped * length;
      entry.periodEnd = entry.periodStart + length;
      entry.charges = {};
      void this.writer.flush().catch(() => undefined);
    }
    return entry;
  }

  snapshot(keyId: string, plan: Plan): QuotaSnapshot {
    const p = this.period(keyId, plan);
    return {
      remainingSingle: this.remaining(keyId, plan, 'single'),
      remainingMulti: this.remaining(keyId, plan, 'multi'),
      periodStart: p.periodStart,
      periodEnd: p.periodEnd,
    };
  }

  remaining(keyId: string, plan: Plan, kind: QuotaKind): number {
    const p = this.period(keyId, plan);
    const max = kind === 'single' ? plan.quotaSingle : plan.quotaMulti;
    let used = 0;
    for (const k of Object.values(p.charges)) if (k === kind) used++;
    for (const k of this.reserved.get(keyId)?.values() ?? []) if (k === kind) used++;
    return Math.max(0, max - used);
  }

  /** Check and reserve in one synchronous step. false → quota exhausted. */
  tryReserve(keyId: string, plan: Plan, kind: QuotaKind, taskId: string): boolean {
    if (this.remaining(keyId, plan, kind) < 1) return false;
    this.hold(keyId, taskId, kind);
    return true;
  }

  /** Re-creates the reservation of an unfinished task found at start (no quota check). */
  hold(keyId: string, taskId: string, kind: QuotaKind): void {
    let map = this.reserved.get(keyId);
    if (!map) this.reserved.set(keyId, (map = new Map()));
    map.set(taskId, kind);
  }

  release(keyId: string, taskId: string): void {
    this.reserved.get(keyId)?.delete(taskId);
  }

  /** Turns the task's reservation into a charge of `kind`; persisted before resolving. */
  async charge(keyId: string, plan: Plan, taskId: string, kind: QuotaKind): Promise<ChargeResult> {
    const p = this.period(keyId, plan);
    const already = p.charges[taskId];
    this.release(keyId, taskId);
    if (already) return { ok: true, kind: already };
    if (this.remaining(keyId, plan, kind) < 1) return { ok: false, kind, periodEnd: p.periodEnd };
    p.charges[taskId] = kind;
    await this.writer.flush();
    return { ok: true, kind };
  }

  /**
   * Drops the charge of a task that ends FAILED after all: an attempt interrupted by a
   * crash may have been charged before its SUCCESS was saved. A no-op when not charged.
   */
  async uncharge(keyId: string, taskId: string): Promise<void> {
    const charges = this.data.keys[keyId]?.charges;
    if (!charges || !Object.hasOwn(charges, taskId)) return;
    delete charges[taskId];
    await this.writer.flush();
  }

  flush(): Promise<void> {
    return this.writer.flush();
  }
}

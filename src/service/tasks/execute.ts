/**
 * One task from RUNNING to SUCCESS or FAILED. Order of effects (each step durable
 * before the next, so a crash at any point is repaired by running the task again):
 *   RUNNING saved → render → file written (task file or bucket) → quota charged
 *   (idempotent per task) → SUCCESS saved → submitted report dropped → webhooks.
 * A failure releases the reservation: a FAILED task never costs quota. A full disk (ENOSPC,
 * EDQUOT, EROFS) at any write ends the task FAILED, saying so (finish()).
 * A shutdown (Interrupted) leaves the record RUNNING on disk for the next start.
 */
import type { TaskStatus } from '../../core/api/types';
import { ReportUnreadable, type RenderedPdf, type ReportRenderer } from '../../render/renderer';
import type { ResolvedOptions } from '../options';
import type { KeyRing } from '../keys';
import type { Ledger } from '../store/ledger';
import type { CloudTarget, TaskRecord, TaskStore } from '../store/taskStore';
import { uploadToBucket } from '../delivery/bucket';
import { cloudTargets } from '../delivery/cloudTargets';
import type { WebhookSender } from '../delivery/webhooks';
import type { RecentRenders } from '../renderReuse';
import { formatPath } from '../../core/loc/treeWalk';
import { capNotes, capText, MAX_ERROR_MESSAGE_CHARS } from '../../core/api/echoLimits';
import { isStorageFull, storageFullReason } from '../store/storageFull';
import { interruptibleDelay, Interrupted, RenderTimeout, renderWithTimeLimit, withTimeLimit } from './timeLimit';

export interface TaskContext {
  store: TaskStore;
  ledger: Ledger;
  keys: KeyRing;
  renderer: () => Promise<ReportRenderer>;
  options: ResolvedOptions;
  /** Sends a finished task's webhooks (delivery/webhooks.ts; none from the browser). */
  webhooks: Pick<WebhookSender, 'send' | 'close'>;
  /** Renders of the same body made a moment ago (a live draft), taken instead of rendering again. */
  renders: RecentRenders;
}

/** A failure whose message is shown to the user as error_message. */
class TaskFailure extends Error {}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The PDF of the task's stored report, and where a build goes. A large report is read and
 * parsed by the render worker itself (renderPdfFile), never on the service's event loop;
 * only a record from before cloud targets were kept on it needs the report here.
 */
async function renderStored(
  ctx: TaskContext,
  record: TaskRecord,
  renderer: ReportRenderer,
  shutdown: AbortSignal,
): Promise<{ rendered: RenderedPdf; targets: CloudTarget[] }> {
  const limit = ctx.options.renderTimeoutMs;
  const key = ctx.renders.keyOfTask(record.id);
  const storedTargets = record.kind === 'preview' ? [] : record.cloudTargets;
  const shared = storedTargets && ctx.renders.find(key);
  if (shared && storedTargets) {
    try {
      return { rendered: await withTimeLimit(() => shared, limit, shutdown), targets: storedTargets };
    } catch (err) {
      if (err instanceof Interrupted || err instanceof RenderTimeout) throw err;
      // The shared render failed (a draft superseded by a newer keystroke): render on our own.
    }
  }
  const remember = (render: Promise<RenderedPdf>): Promise<RenderedPdf> => (ctx.renders.remember(key, render), render);
  if (renderer.renderPdfFile && (record.kind === 'preview' || record.cloudTargets)) {
    const file = ctx.store.reportFile(record.id);
    try {
      const rendered = await renderWithTimeLimit(renderer, (o) => remember(renderer.renderPdfFile!(file, o)), limit, shutdown);
      return { rendered, targets: record.cloudTargets ?? [] };
    } catch (err) {
      if (err instanceof ReportUnreadable) throw new TaskFailure(UNREADABLE);
      throw err;
    }
  }
  const report = await ctx.store.readReport(record.id).catch(() => undefined);
  if (!report) throw new TaskFailure(UNREADABLE);
  const rendered = await renderWithTimeLimit(renderer, (o) => remember(renderer.renderPdf(report, o)), limit, shutdown);
  return { rendered, targets: record.kind === 'build' ? (record.cloudTargets ?? cloudTargets(report.config)) : [] };
}

const UNREADABLE = 'The submitted report could not be read back from the data dir';

async function produce(ctx: TaskContext, record: TaskRecord, shutdown: AbortSignal): Promise<void> {
  const o = ctx.options;
  const key = ctx.keys.byId(record.keyId);
  if (!key) throw new TaskFailure('The API key that submitted this task is no longer configured on the local service');
  await interruptibleDelay(o.renderDelayMs, shutdown);
  if (o.failRate > 0 && o.random() < o.failRate)
    throw new TaskFailure(`Injected failure: the local service runs with fail-rate ${o.failRate}`);

  const renderer = await ctx.renderer();
  const { rendered, targets } = await renderStored(ctx, record, renderer, shutdown);
  const { pdf, pageCount } = rendered;
  // Capped here too, whatever renderer made them: they go to the record, every status answer and the log.
  const notes = capNotes(rendered.notes);
  record.pageCount = pageCount;
  record.notes = notes.length ? notes : undefined;
  for (const note of notes) o.log(`task ${record.id} note (${note.kind}) at ${formatPath(note.path)}: ${note.message}`);
  if (pageCount > key.plan.maxPages) {
    throw new TaskFailure(
      `The report has ${plural(pageCount, 'page')}, more than the ${key.plan.maxPages} allowed by max_pages_per_report of this plan`,
    );
  }
  if (record.kind === 'preview') {
    const jpeg = await renderWithTimeLimit(renderer, (opts) => renderer.renderPreviewJpeg(pdf, opts), o.renderTimeoutMs, shutdown);
    record.file = await ctx.store.writeFile(record.id, 'jpg', jpeg);
    return;
  }

  if (targets.length > 0) {
    try {
      record.cloud = await uploadToBucket(o.bucketDir, targets, `${record.id}.pdf`, pdf);
    } catch (err) {
      // Not a rendering problem; and the message must not carry the local folder's path.
      const reason = (err as NodeJS.ErrnoException).code ?? 'write error';
      throw new TaskFailure(`The report could not be written to the cloud-storage folder of the local service (${reason})`);
    }
  } else record.file = await ctx.store.writeFile(record.id, 'pdf', pdf);

  const kind = pageCount <= 1 ? 'single' : 'multi';
  const charged = await ctx.ledger.charge(record.keyId, key.plan, record.id, kind);
  if (!charged.ok) {
    throw new TaskFailure(
      `The report rendered ${plural(pageCount, 'page')}, so it counts as a ${kind}-page report, but the ${kind}-page ` +
        `quota of this plan is used up until ${new Date(charged.periodEnd).toISOString()}; nothing was charged`,
    );
  }
  record.charged = charged.kind;
  record.reservation = undefined;
}

/**
 * Saves the final state. FAILED: the reservation is released and any charge dropped, in memory and
 * on disk alike. When the data folder's disk is full (storageFull.ts), the outputs are deleted
 * first (room for the records); if the ledger or the FAILED record still cannot be written, the
 * task is FAILED in memory only (long-polls answered) and its report dropped: on disk it stays
 * unfinished, so a restart runs it again, finds no report and ends it FAILED, settling the ledger
 * on disk then. Memory and disk never disagree once the service has restarted.
 */
async function finish(ctx: TaskContext, record: TaskRecord, status: TaskStatus, message: string | null): Promise<void> {
  // The webhook targets (auth headers are secrets) leave the record with the delivery.
  const changes: Partial<TaskRecord> = { status, error_message: message, finishedAt: ctx.options.now(), webhooks: undefined };
  let saved = true;
  if (status === 'FAILED') {
    ctx.ledger.release(record.keyId, record.id);
    Object.assign(changes, { reservation: undefined, charged: undefined });
    // A file written before the failure (e.g. quota check after upload) must not linger.
    await ctx.store.deleteOutputs(record).catch(() => undefined);
    try {
      // A charge from an attempt a crash interrupted (before SUCCESS was saved) must go too.
      await ctx.ledger.uncharge(record.keyId, record.id);
    } catch (err) {
      if (!isStorageFull(err)) throw err;
      saved = false;
    }
  }
  const hooks = record.webhooks ?? [];
  if (saved) {
    try {
      await ctx.store.commit(record, changes);
    } catch (err) {
      if (status !== 'FAILED' || !isStorageFull(err)) throw err;
      saved = false;
    }
  }
  if (saved) await ctx.store.dropReport(record.id);
  else {
    await ctx.store.settleUnsaved(record, changes);
    ctx.options.log(`task ${record.id}: its FAILED state could not be saved (disk full); a restart will end it FAILED again`);
  }
  if (hooks.length) ctx.webhooks.send(record.id, status, hooks);
}

/** The error_message of a task that failed with `err`. */
function failureMessage(ctx: TaskContext, err: unknown): string {
  if (err instanceof TaskFailure || err instanceof RenderTimeout) return capText(err.message, MAX_ERROR_MESSAGE_CHARS);
  if (isStorageFull(err)) return `The local service could not save this task: ${storageFullReason(err, ctx.options.dataDir)}`;
  // A render error may quote the report (a URL, a name): capped like the notes.
  return capText(`Rendering failed: ${(err as Error)?.message ?? String(err)}`, MAX_ERROR_MESSAGE_CHARS);
}

async function fail(ctx: TaskContext, record: TaskRecord, err: unknown): Promise<void> {
  const message = failureMessage(ctx, err);
  await finish(ctx, record, 'FAILED', message);
  ctx.options.log(`task ${record.id} FAILED: ${message}`);
}

export async function executeTask(ctx: TaskContext, record: TaskRecord, shutdown: AbortSignal): Promise<void> {
  try {
    await ctx.store.commit(record, { status: 'RUNNING', startedAt: ctx.options.now(), attempts: record.attempts + 1 });
    await produce(ctx, record, shutdown);
  } catch (err) {
    if (err instanceof Interrupted) {
      // A graceful stop is not the report's fault: don't count it towards giving up.
      record.attempts -= 1;
      await ctx.store.save(record);
      return;
    }
    return fail(ctx, record, err);
  }
  try {
    await finish(ctx, record, 'SUCCESS', null);
  } catch (err) {
    // Written and charged, but the SUCCESS record cannot be saved: a state a restart would take back.
    if (!isStorageFull(err)) throw err;
    await fail(ctx, record, err);
  }
}

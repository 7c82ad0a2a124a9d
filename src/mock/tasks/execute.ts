/**
 * One task from RUNNING to SUCCESS or FAILED. Order of effects (each step durable
 * before the next, so a crash at any point is repaired by running the task again):
 *   RUNNING saved → render → file written (task file or bucket) → quota charged
 *   (idempotent per task) → SUCCESS saved → submitted report dropped → webhooks.
 * A failure releases the reservation: a FAILED task never costs quota.
 * A shutdown (Interrupted) leaves the record RUNNING on disk for the next start.
 */
import type { TaskStatus } from '../../core/api/types';
import { ReportUnreadable, type RenderedPdf, type ReportRenderer } from '../../render/renderer';
import type { ResolvedOptions } from '../options';
import type { KeyRing } from '../keys';
import type { Ledger } from '../store/ledger';
import type { TaskRecord, TaskStore } from '../store/taskStore';
import { cloudTargets, uploadToBucket, type CloudTarget } from '../delivery/bucket';
import type { WebhookSender } from '../delivery/webhooks';
import type { RecentRenders } from '../renderReuse';
import { formatPath } from '../../core/loc/treeWalk';
import { interruptibleDelay, Interrupted, RenderTimeout, renderWithTimeLimit, withTimeLimit } from './timeLimit';

export interface TaskContext {
  store: TaskStore;
  ledger: Ledger;
  keys: KeyRing;
  renderer: () => Promise<ReportRenderer>;
  options: ResolvedOptions;
  webhooks: WebhookSender;
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
  const { pdf, pageCount, notes } = rendered;
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

async function finish(ctx: TaskContext, record: TaskRecord, status: TaskStatus, message: string | null): Promise<void> {
  if (status === 'FAILED') {
    ctx.ledger.release(record.keyId, record.id);
    record.reservation = undefined;
    // A charge from an attempt a crash interrupted (before SUCCESS was saved) must go too.
    await ctx.ledger.uncharge(record.keyId, record.id);
    // A file written before the failure (e.g. quota check after upload) must not linger.
    await ctx.store.deleteOutputs(record).catch(() => undefined);
  }
  // The webhook targets (auth headers are secrets) leave the record with the delivery.
  const hooks = record.webhooks ?? [];
  await ctx.store.commit(record, { status, error_message: message, finishedAt: ctx.options.now(), webhooks: undefined });
  await ctx.store.dropReport(record.id);
  if (hooks.length) ctx.webhooks.send(record.id, status, hooks);
}

export async function executeTask(ctx: TaskContext, record: TaskRecord, shutdown: AbortSignal): Promise<void> {
  await ctx.store.commit(record, { status: 'RUNNING', startedAt: ctx.options.now(), attempts: record.attempts + 1 });
  try {
    await produce(ctx, record, shutdown);
  } catch (err) {
    if (err instanceof Interrupted) {
      // A graceful stop is not the report's fault: don't count it towards giving up.
      record.attempts -= 1;
      await ctx.store.save(record);
      return;
    }
    const message =
      err instanceof TaskFailure || err instanceof RenderTimeout
        ? err.message
        : `Rendering failed: ${(err as Error)?.message ?? String(err)}`;
    await finish(ctx, record, 'FAILED', message);
    ctx.options.log(`task ${record.id} FAILED: ${message}`);
    return;
  }
  await finish(ctx, record, 'SUCCESS', null);
}

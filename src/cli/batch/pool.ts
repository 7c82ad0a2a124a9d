/**
 * Runs a batch's reports with at most `jobs` tasks in flight. The service's pushback is shared by
 * the whole run: a report still refused as busy (429 with Retry-After, or 503) after the client's
 * own retries pauses every worker's next submit until the Retry-After has passed, and is tried
 * again later (MAX_REQUEUES times). A used-up quota (429 without Retry-After) stops the reports of
 * that kind (single- or multi-page) from being sent at all. Ctrl-C abandons the tasks in flight and
 * sends nothing more.
 */
import type { BuildCostKind } from '../../core/quota/quotaSummary';
import { sleep } from '../../core/client/retry';
import { EXIT } from '../exitCodes';
import type { BatchInput } from './inputs';
import type { ReportOutcome } from './result';

/** Tasks in flight at most, whatever --jobs says: the local service holds 16 long-polls per key. */
export const MAX_JOBS = 16;
/** Times one report is tried again after the service said it was busy. */
const MAX_REQUEUES = 5;
/** Longest pause for one Retry-After (a longer one is cut to this). */
const MAX_PAUSE_MS = 60_000;
/** Pause after a busy answer that did not say for how long. */
const DEFAULT_PAUSE_MS = 1_000;

export interface PoolOptions {
  jobs: number;
  signal: AbortSignal;
  /** What a report costs (builds); a used-up kind is not sent again in this run. */
  costOf?: (input: BatchInput) => BuildCostKind | undefined;
  /** With --allow-partial: builds of each kind the quota has left; the reports beyond are not sent. */
  budget?: Partial<Record<BuildCostKind, number>>;
  /** Told about each report as it finishes, in the order they finish. */
  onDone?: (outcome: ReportOutcome) => void;
}

interface Pending {
  input: BatchInput;
  index: number;
  tries: number;
}

export async function runPool(
  inputs: readonly BatchInput[],
  run: (input: BatchInput) => Promise<ReportOutcome>,
  o: PoolOptions,
): Promise<ReportOutcome[]> {
  const queue: Pending[] = inputs.map((input, index) => ({ input, index, tries: 0 }));
  const outcomes: ReportOutcome[] = new Array<ReportOutcome>(inputs.length);
  const exhausted = new Set<BuildCostKind>();
  const budget = { ...o.budget };
  let resumeAt = 0;
  const finish = (p: Pending, outcome: ReportOutcome): void => {
    outcomes[p.index] = outcome;
    o.onDone?.(outcome);
  };

  const worker = async (): Promise<void> => {
    for (let p = queue.shift(); p; p = queue.shift()) {
      const cost = o.costOf?.(p.input);
      if (cost && exhausted.has(cost)) {
        finish(p, notSent(p.input, EXIT.quota, 'quota', `not sent: the ${cost}-page quota ran out during this run`));
        continue;
      }
      if (cost && budget[cost] !== undefined && p.tries === 0 && budget[cost]-- <= 0) {
        finish(p, notSent(p.input, EXIT.quota, 'quota', `not sent: beyond the ${cost}-page quota left (--allow-partial)`));
        continue;
      }
      const pause = resumeAt - Date.now();
      if (pause > 0) await sleep(pause, o.signal).catch(() => undefined);
      if (o.signal.aborted) {
        finish(p, notSent(p.input, EXIT.cancelled, 'cancelled', 'not built: interrupted'));
        continue;
      }
      const outcome = await run(p.input);
      const busy = outcome.error?.kind === 'rate_limited';
      if (busy && p.tries < MAX_REQUEUES && !o.signal.aborted) {
        resumeAt = Math.max(resumeAt, Date.now() + Math.min(outcome.error?.retryAfterMs ?? DEFAULT_PAUSE_MS, MAX_PAUSE_MS));
        queue.push({ ...p, tries: p.tries + 1 });
        continue;
      }
      if (outcome.error?.kind === 'quota' && cost) exhausted.add(cost);
      finish(p, outcome);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(o.jobs, inputs.length)) }, worker));
  return outcomes;
}

function notSent(input: BatchInput, exitCode: ReportOutcome['exitCode'], kind: string, message: string): ReportOutcome {
  return {
    file: input.file,
    output: input.output,
    outputGiven: input.outputGiven,
    state: 'skipped',
    exitCode,
    ms: 0,
    error: { kind, message },
    diagnostics: [],
    notes: [],
  };
}

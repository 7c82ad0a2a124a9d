/**
 * "Report Studio: Build Report": the PDF, which counts against the quota. A build on the
 * bundled local service never asks (its quota is a free development one). With a hosted or
 * custom service and reportStudio.confirmBeforeBuild on, a modal first says what the build
 * will use ("1 single-page report of 98 left", or plainly that the quota could not be read),
 * with a button that turns the question off. A service that cannot be reached is said so at
 * once, without first asking to spend a quota nobody could read.
 */
import * as vscode from 'vscode';
import { buildCostKind, buildCostSentence } from '../../core/quota/quotaSummary';
import { isUnreachableKind } from '../../core/service/unreachable';
import type { Services } from '../services';
import { asServiceError } from '../service/serviceError';
import { readSettings, SECTION } from '../service/serviceConfig';
import type { ReportStudioCommand } from './command';
import { baseName, findReportTarget } from '../reportTarget';
import type { SubmitOutcome, SubmitTrigger } from '../submit/types';
import { COMMANDS } from './commandIds';

const BUILD = 'Build';
const BUILD_ALWAYS = "Build and Don't Ask Again";
/** How long the question waits for unknown quota numbers before asking without them. */
const QUOTA_WAIT_MS = 5_000;

type Verdict = { go: boolean } | { unreachable: unknown };

/** Reads the quota if nothing is known yet; resolves with the read's error (undefined when it worked or took too long). */
async function readQuota(s: Services): Promise<unknown> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tooLong = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), QUOTA_WAIT_MS)));
  try {
    return await Promise.race([
      s.quota.refresh().then(
        () => undefined,
        (error: unknown) => error ?? new Error('unknown error'),
      ),
      tooLong,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Where the quota could not be read: the plain reason in brackets. */
function costWhenUnknown(documentText: string, reason: string | undefined): string {
  const why = reason ?? vscode.l10n.t('no answer yet');
  return buildCostKind(documentText) === 'multi'
    ? vscode.l10n.t("Build uses 1 of your plan's multi-page reports; the quota could not be read ({0}).", why)
    : vscode.l10n.t("Build uses 1 of your plan's single-page reports; the quota could not be read ({0}).", why);
}

async function confirmBuild(s: Services, document: vscode.TextDocument): Promise<Verdict> {
  if (!readSettings().confirmBeforeBuild) return { go: true };
  const target = await s.clients.target();
  // The local service's quota is a free development quota: nothing to confirm.
  if (target.mode === 'local') return { go: true };
  if (!s.quota.current.snapshot) {
    const error = await readQuota(s);
    if (isUnreachableKind(asServiceError(error)?.kind)) return { unreachable: error };
  }
  const state = s.quota.current;
  const service = (state.serviceLabel ?? target.label).replace(/^\w/, (c) => c.toLowerCase());
  const cost = state.snapshot
    ? vscode.l10n.t('This uses {0} on the {1}.', buildCostSentence(buildCostKind(document.getText()), state.snapshot, vscode.l10n), service)
    : vscode.l10n.t('{0} Service: the {1}.', costWhenUnknown(document.getText(), state.lastError), service);
  const detail = `${cost} ${vscode.l10n.t('Preview is free.')}${document.isDirty ? `\n\n${vscode.l10n.t('Unsaved changes are included.')}` : ''}`;
  const choice = await Promise.resolve(
    vscode.window.showWarningMessage(vscode.l10n.t('Build {0}?', baseName(document.uri)), { modal: true, detail }, BUILD, BUILD_ALWAYS),
  ).catch(
    // A window that cannot show dialogs (VS Code under test) refuses: no build then.
    (error: unknown) => void s.log.warn(`Build confirmation not shown: ${(error as Error).message}`),
  );
  if (choice === BUILD_ALWAYS) {
    await vscode.workspace.getConfiguration(SECTION).update('confirmBeforeBuild', false, vscode.ConfigurationTarget.Global);
  }
  return { go: choice === BUILD || choice === BUILD_ALWAYS };
}

export async function buildDocument(s: Services, document: vscode.TextDocument, trigger: SubmitTrigger): Promise<SubmitOutcome> {
  const verdict = await confirmBuild(s, document);
  // Unreachable: the same sentence and ways out as a build that failed to connect, nothing sent.
  if ('unreachable' in verdict) return s.submissions.failEarly(document, 'build', trigger, verdict.unreachable);
  if (!verdict.go) return { status: 'declined', kind: 'build', report: document.uri.toString() };
  return s.submissions.submit(document, 'build', trigger);
}

export function buildCommand(s: Services): ReportStudioCommand {
  return {
    id: COMMANDS.build,
    async run(_context, arg?: unknown): Promise<SubmitOutcome | undefined> {
      const target = await findReportTarget(arg, s.panels);
      if ('problem' in target) return void vscode.window.showWarningMessage(target.problem);
      return buildDocument(s, target.document, 'command');
    },
  };
}

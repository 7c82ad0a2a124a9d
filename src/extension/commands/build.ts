/**
 * "Report Studio: Build Report": the PDF, which counts against the quota. When
 * reportStudio.confirmBeforeBuild is on, a modal first says what the build will use
 * ("1 single-page report of 98 left"), with a button that turns the question off.
 */
import * as vscode from 'vscode';
import { buildCostKind, buildCostSentence } from '../../core/quota/quotaSummary';
import type { Services } from '../services';
import { readSettings, SECTION } from '../service/serviceConfig';
import type { ReportStudioCommand } from './command';
import { baseName, findReportTarget } from '../reportTarget';
import type { SubmitOutcome, SubmitTrigger } from '../submit/types';
import { COMMANDS } from './commandIds';

const BUILD = 'Build';
const BUILD_ALWAYS = "Build and Don't Ask Again";
/** How long the question waits for unknown quota numbers before asking without them. */
const QUOTA_WAIT_MS = 5_000;

async function confirmBuild(s: Services, document: vscode.TextDocument): Promise<boolean> {
  if (!readSettings().confirmBeforeBuild) return true;
  if (!s.quota.current.snapshot) {
    await Promise.race([s.quota.refresh().catch(() => undefined), new Promise((r) => setTimeout(r, QUOTA_WAIT_MS))]);
  }
  const state = s.quota.current;
  const cost = buildCostSentence(buildCostKind(document.getText()), state.snapshot);
  const service = state.serviceLabel ?? (await s.clients.target()).label;
  const detail = `This uses ${cost} on the ${service.replace(/^\w/, (c) => c.toLowerCase())}. Preview is free.${document.isDirty ? '\n\nUnsaved changes are included.' : ''}`;
  const choice = await Promise.resolve(
    vscode.window.showWarningMessage(`Build ${baseName(document.uri)}?`, { modal: true, detail }, BUILD, BUILD_ALWAYS),
  ).catch(
    // A window that cannot show dialogs (VS Code under test) refuses: no build then.
    (error: unknown) => void s.log.warn(`Build confirmation not shown: ${(error as Error).message}`),
  );
  if (choice === BUILD_ALWAYS) {
    await vscode.workspace.getConfiguration(SECTION).update('confirmBeforeBuild', false, vscode.ConfigurationTarget.Global);
  }
  return choice === BUILD || choice === BUILD_ALWAYS;
}

export async function buildDocument(s: Services, document: vscode.TextDocument, trigger: SubmitTrigger): Promise<SubmitOutcome> {
  if (!(await confirmBuild(s, document))) return { status: 'declined', kind: 'build', report: document.uri.toString() };
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

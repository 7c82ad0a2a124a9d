// "Report Studio: Compare with…": the report's pages against HEAD, its last build or another file (compare/).
import * as vscode from 'vscode';
import type { ReportDiff } from '../../core/diff/diffTypes';
import { ComparePanels } from '../compare/comparePanel';
import { compareReport } from '../compare/compareReports';
import { headVersion, lastBuild, otherFile, type OldSide } from '../compare/compareSources';
import { baseName, findReportTarget, uriArg } from '../reportTarget';
import type { Services } from '../services';
import type { ReportStudioCommand } from './command';
import { COMMANDS } from './commandIds';

type Against = 'head' | 'lastBuild' | 'file';

/** What to compare with, asked when the caller did not say. */
async function pickAgainst(report: vscode.Uri): Promise<Against | undefined> {
  const all: Array<vscode.QuickPickItem & { value: Against }> = [
    {
      label: '$(git-commit) HEAD',
      description: vscode.l10n.t('the last commit'),
      detail: vscode.l10n.t('{0} as last committed', baseName(report)),
      value: 'head',
    },
    { label: `$(file-pdf) ${vscode.l10n.t('Last build')}`, description: vscode.l10n.t('the PDF of the last Build'), value: 'lastBuild' },
    { label: `$(file) ${vscode.l10n.t('Another file…')}`, description: vscode.l10n.t('a report or a PDF'), value: 'file' },
  ];
  // git reads files on disk: a report in a virtual file system has no HEAD to offer; and git
  // runs what a repository's config names, so not in Restricted Mode (VS Code's git is off there too).
  const items = all.filter((item) => item.value !== 'head' || (report.scheme === 'file' && vscode.workspace.isTrusted));
  const picked = await vscode.window.showQuickPick(items, {
    title: vscode.l10n.t('Compare {0} with…', baseName(report)),
    placeHolder: vscode.l10n.t('What to compare the pages with'),
  });
  return picked?.value;
}

/**
 * Arguments: the report (a Uri, a string, or an SCM resource state from the Source Control view)
 * and optionally what to compare with: 'head', 'lastBuild', or a file's Uri (skips the question).
 * Returns the diff (tests and other extensions read it), undefined when nothing was compared.
 */
export function compareWithCommand(s: Services): ReportStudioCommand {
  let panels: ComparePanels | undefined;
  return {
    id: COMMANDS.compareWith,
    async run(context, arg?: unknown, againstArg?: unknown): Promise<ReportDiff | undefined> {
      const scmUri = (arg as vscode.SourceControlResourceState | undefined)?.resourceUri;
      const target = await findReportTarget(scmUri instanceof vscode.Uri ? scmUri : arg, s.panels);
      if ('problem' in target) {
        void vscode.window.showErrorMessage(target.problem);
        return undefined;
      }
      const report = target.document.uri;
      const named = againstArg === 'head' || againstArg === 'lastBuild' ? againstArg : undefined;
      const given = named ? undefined : uriArg(againstArg);
      const against = named ?? (given ? 'file' : await pickAgainst(report));
      if (!against) return undefined;
      let old: OldSide;
      try {
        if (against === 'head') old = await headVersion(report);
        else if (against === 'lastBuild') old = await lastBuild(s.panels.resultFileFor(report, 'build'), report);
        else {
          const file =
            given ??
            (
              await vscode.window.showOpenDialog({
                title: vscode.l10n.t('Compare {0} with', baseName(report)),
                openLabel: vscode.l10n.t('Compare'),
                canSelectMany: false,
                defaultUri: vscode.Uri.joinPath(report, '..'),
                filters: { [vscode.l10n.t('Reports and PDFs')]: ['json', 'jsonc', 'pdf'], [vscode.l10n.t('All files')]: ['*'] },
              })
            )?.[0];
          if (!file) return undefined;
          old = await otherFile(file);
        }
      } catch (error) {
        s.log.warn(`compare ${baseName(report)} with ${against}: ${(error as Error).message}`);
        void vscode.window.showErrorMessage((error as Error).message);
        return undefined;
      }
      if (!panels) {
        panels = new ComparePanels(context.extensionUri, s.log);
        context.subscriptions.push(panels);
      }
      return compareReport({ context, local: s.local, log: s.log, panels }, target.document, old);
    },
  };
}

// "Report Studio: Copy as…": the report as a cURL, Node or Python snippet for the app, on
// the clipboard. The snippet targets the selected service and reads the key from an
// environment variable; the key itself is never given to the generator.
import * as vscode from 'vscode';
import { API_PATHS, type TaskKind } from '../../core/api/types';
import { API_KEY_ENV, CODE_LANGUAGES, codeLanguage, CodegenError, generateCode, type CodeLanguage } from '../../core/codegen';
import { resolveServiceMode, type ServiceMode } from '../../core/service/serviceChoice';
import { joinPath } from '../homePath';
import { notifyProblem } from '../problemActions';
import { baseName, findReportTarget, uriArg } from '../reportTarget';
import { readSettings, remoteBaseUrl, ServiceSetupError } from '../service/serviceConfig';
import type { Services } from '../services';
import type { ReportStudioCommand } from './command';
import { COMMANDS } from './commandIds';

/** Skips the pickers: `{ language: 'curl', kind: 'build' }` (tests, keybindings, other extensions). */
interface CopyAsOptions {
  language?: string;
  kind?: TaskKind;
}

/** What was copied; the command's result. */
interface CopiedSnippet {
  language: CodeLanguage['id'];
  kind: TaskKind;
  baseUrl: string;
  code: string;
}

const LAST_CHOICE = 'reportStudio.copyAs.last';

// A function, not a constant: the words are looked up in the display language when asked.
const kinds = (): ReadonlyArray<vscode.QuickPickItem & { task: TaskKind }> => [
  {
    task: 'build',
    label: `$(file-pdf) ${vscode.l10n.t('Build')}`,
    description: 'PDF',
    detail: vscode.l10n.t('POST {0}: counts against the quota', API_PATHS.buildReport),
  },
  {
    task: 'preview',
    label: `$(eye) ${vscode.l10n.t('Preview')}`,
    description: vscode.l10n.t('JPEG of the first page'),
    detail: vscode.l10n.t('POST {0}: free', API_PATHS.previewReport),
  },
];

interface Target {
  mode: ServiceMode;
  baseUrl: string;
  /** `the local service (127.0.0.1:41234)`. */
  label: string;
  /** Where the local service keeps its development key. */
  keyFile?: string;
}

async function selectedService(s: Services): Promise<Target> {
  const settings = readSettings();
  const mode = resolveServiceMode(settings.service, await s.keys.has());
  if (mode === 'local' && s.host === 'web') {
    // The in-browser service has an address only this window's client knows: no script can call it.
    throw new ServiceSetupError(
      vscode.l10n.t(
        'The local service runs inside this browser window, where no script or terminal can call it. Select the hosted or a custom service to copy code for it.',
      ),
      ['selectService'],
    );
  }
  if (mode === 'local') {
    // The snippet must work against the URL it names: the local service is started for it.
    const local = await s.local.ensureStarted({ announce: false });
    return {
      mode,
      baseUrl: local.baseUrl,
      label: vscode.l10n.t('the local service ({0})', new URL(local.baseUrl).host),
      keyFile: joinPath(local.dataDir, 'dev-key.json'),
    };
  }
  const baseUrl = remoteBaseUrl(mode, settings);
  const host = new URL(baseUrl).host;
  const label = mode === 'hosted' ? vscode.l10n.t('the hosted service ({0})', host) : vscode.l10n.t('the custom service ({0})', host);
  return { mode, baseUrl, label };
}

interface LastChoice {
  language?: string;
  kind?: TaskKind;
}

/** The last choice comes first: a user copies the same kind of snippet again. */
function lastFirst<T>(items: readonly T[], isLast: (item: T) => boolean): T[] {
  return [...items].sort((a, b) => Number(isLast(b)) - Number(isLast(a)));
}

async function pickLanguage(context: vscode.ExtensionContext, fileName: string): Promise<CodeLanguage | undefined> {
  const last = context.globalState.get<LastChoice>(LAST_CHOICE)?.language;
  const ordered = lastFirst(CODE_LANGUAGES, (l) => l.id === last);
  const items = ordered.map((language) => ({ label: language.label, description: language.detail(vscode.l10n), language }));
  const pick = await vscode.window.showQuickPick(items, {
    title: vscode.l10n.t('Copy {0} as… (1/2)', fileName),
    placeHolder: vscode.l10n.t('The code submits this report, waits for it and saves the result'),
  });
  return pick?.language;
}

async function pickKind(context: vscode.ExtensionContext, fileName: string, language: CodeLanguage): Promise<TaskKind | undefined> {
  const last = context.globalState.get<LastChoice>(LAST_CHOICE)?.kind;
  const pick = await vscode.window.showQuickPick(
    lastFirst(kinds(), (k) => k.task === last),
    {
      title: vscode.l10n.t('Copy {0} as {1} (2/2)', fileName, language.label),
      placeHolder: vscode.l10n.t('Build the PDF or preview the first page?'),
    },
  );
  return pick?.task;
}

export function copyAsCommand(s: Services): ReportStudioCommand {
  return {
    id: COMMANDS.copyAs,
    async run(context, arg?: unknown, second?: unknown): Promise<CopiedSnippet | undefined> {
      // Menus pass their own second argument (the explorer's selection, the editor group): only an options object counts.
      const options: CopyAsOptions = second && typeof second === 'object' && !Array.isArray(second) ? (second as CopyAsOptions) : {};
      const found = await findReportTarget(uriArg(arg), s.panels);
      if ('problem' in found) return void vscode.window.showWarningMessage(found.problem);
      const document = found.document;
      const fileName = baseName(document.uri);
      const language = codeLanguage(String(options.language)) ?? (await pickLanguage(context, fileName));
      if (!language) return undefined;
      const kind = options.kind === 'build' || options.kind === 'preview' ? options.kind : await pickKind(context, fileName, language);
      if (!kind) return undefined;
      let target: Target;
      let code: string;
      try {
        target = await selectedService(s);
        code = generateCode(language, { text: document.getText(), kind, baseUrl: target.baseUrl, fileName, l10n: vscode.l10n });
      } catch (error) {
        if (error instanceof CodegenError) return void vscode.window.showErrorMessage(error.message);
        const message = s.log.clean((error as Error).message);
        notifyProblem(
          'error',
          vscode.l10n.t('Could not copy {0} as {1}: {2}', fileName, language.label, message),
          error instanceof ServiceSetupError ? error.actions : ['showLog'],
        );
        return undefined;
      }
      await vscode.env.clipboard.writeText(code);
      await context.globalState.update(LAST_CHOICE, { language: language.id, kind } satisfies LastChoice);
      announce(language, kind, fileName, target, code);
      return { language: language.id, kind, baseUrl: target.baseUrl, code };
    },
  };
}

/** Says what was copied and what the code needs; never awaited (the command returns while it shows). */
function announce(language: CodeLanguage, kind: TaskKind, fileName: string, target: Target, code: string): void {
  const copied =
    kind === 'build'
      ? vscode.l10n.t('Copied {0} code that builds the PDF of {1} on {2}.', language.label, fileName, target.label)
      : vscode.l10n.t('Copied {0} code that previews {1} on {2}.', language.label, fileName, target.label);
  let message = `${copied} ${vscode.l10n.t('It reads the API key from {0}.', API_KEY_ENV)}`;
  if (target.mode === 'local') {
    message = `${copied} ${vscode.l10n.t('Run it with {0} set to the development key in {1}.', API_KEY_ENV, target.keyFile ?? '')}`;
    // A free port is picked at each start: the copied URL then lasts until VS Code restarts.
    if (readSettings().localService.port === 0)
      message += ` ${vscode.l10n.t('Set reportStudio.localService.port to keep the URL across restarts.')}`;
  }
  const open = vscode.l10n.t('Open in Editor');
  void Promise.resolve(vscode.window.showInformationMessage(message, open)).then(async (choice) => {
    if (choice !== open) return;
    const doc = await vscode.workspace.openTextDocument({ language: language.languageId, content: code });
    await vscode.window.showTextDocument(doc, { preview: false, viewColumn: vscode.ViewColumn.Beside });
  });
}

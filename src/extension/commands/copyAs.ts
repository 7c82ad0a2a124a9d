// "Report Studio: Copy as…": the report as a cURL, Node or Python snippet for the app, on
// the clipboard. The snippet targets the selected service and reads the key from an
// environment variable; the key itself is never given to the generator.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { API_PATHS, type TaskKind } from '../../core/api/types';
import { API_KEY_ENV, CODE_LANGUAGES, codeLanguage, CodegenError, generateCode, type CodeLanguage } from '../../core/codegen';
import { resolveServiceMode, type ServiceMode } from '../../core/service/serviceChoice';
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

const KINDS: ReadonlyArray<vscode.QuickPickItem & { task: TaskKind }> = [
  {
    task: 'build',
    label: '$(file-pdf) Build',
    description: 'PDF',
    detail: `POST ${API_PATHS.buildReport}: counts against the quota`,
  },
  { task: 'preview', label: '$(eye) Preview', description: 'JPEG of the first page', detail: `POST ${API_PATHS.previewReport}: free` },
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
  if (mode === 'local') {
    // The snippet must work against the URL it names: the local service is started for it.
    const local = await s.local.ensureStarted({ announce: false });
    return {
      mode,
      baseUrl: local.baseUrl,
      label: `the local service (${new URL(local.baseUrl).host})`,
      keyFile: path.join(local.dataDir, 'dev-key.json'),
    };
  }
  const baseUrl = remoteBaseUrl(mode, settings);
  return { mode, baseUrl, label: `the ${mode} service (${new URL(baseUrl).host})` };
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
  const items = ordered.map((language) => ({ label: language.label, description: language.detail, language }));
  const pick = await vscode.window.showQuickPick(items, {
    title: `Copy ${fileName} as… (1/2)`,
    placeHolder: 'The code submits this report, waits for it and saves the result',
  });
  return pick?.language;
}

async function pickKind(context: vscode.ExtensionContext, fileName: string, language: CodeLanguage): Promise<TaskKind | undefined> {
  const last = context.globalState.get<LastChoice>(LAST_CHOICE)?.kind;
  const pick = await vscode.window.showQuickPick(
    lastFirst(KINDS, (k) => k.task === last),
    {
      title: `Copy ${fileName} as ${language.label} (2/2)`,
      placeHolder: 'Build the PDF or preview the first page?',
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
        code = generateCode(language, { text: document.getText(), kind, baseUrl: target.baseUrl, fileName });
      } catch (error) {
        if (error instanceof CodegenError) return void vscode.window.showErrorMessage(error.message);
        const message = s.log.clean((error as Error).message);
        notifyProblem(
          'error',
          `Could not copy ${fileName} as ${language.label}: ${message}`,
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
  const what = kind === 'build' ? 'builds the PDF of' : 'previews';
  const copied = `Copied ${language.label} code that ${what} ${fileName} on ${target.label}.`;
  let message = `${copied} It reads the API key from ${API_KEY_ENV}.`;
  if (target.mode === 'local') {
    message = `${copied} Run it with ${API_KEY_ENV} set to the development key in ${target.keyFile}.`;
    // A free port is picked at each start: the copied URL then lasts until VS Code restarts.
    if (readSettings().localService.port === 0) message += ' Set reportStudio.localService.port to keep the URL across restarts.';
  }
  void Promise.resolve(vscode.window.showInformationMessage(message, 'Open in Editor')).then(async (choice) => {
    if (choice !== 'Open in Editor') return;
    const doc = await vscode.workspace.openTextDocument({ language: language.languageId, content: code });
    await vscode.window.showTextDocument(doc, { preview: false, viewColumn: vscode.ViewColumn.Beside });
  });
}

/**
 * The language-model tools' answers (registered by registerLmTools.ts): each runs the shared
 * agent tool (src/core/agent/, loaded from dist/agentTools.js on the first call) on the
 * extension's engine and turns its result into tool-result parts: the words, the data as JSON,
 * and each page as a PNG image where this VS Code takes images in tool results, else as a file
 * whose path the words give. `build` asks first, naming the quota it will spend.
 */
import * as vscode from 'vscode';
import type { AgentImage, AgentResult } from '../../core/agent/agentTools';
import { buildCostKind, buildCostSentence } from '../../core/quota/quotaSummary';
import { loadSiblingBundle } from '../service/runtimeLoader';
import type { Services } from '../services';
import type * as AgentToolsModule from './agentToolsEntry';
import { ExtensionAgentEngine } from './extensionAgentEngine';
import type { LmToolKind } from './lmToolNames';
import type { LmToolHandler } from './registerLmTools';

/** vscode.LanguageModelDataPart (stable in 1.102, after the @types/vscode this extension builds against). */
interface DataPartApi {
  image(data: Uint8Array, mimeType: string): vscode.LanguageModelTextPart;
}
const dataParts = (): DataPartApi | undefined => (vscode as unknown as { LanguageModelDataPart?: DataPartApi }).LanguageModelDataPart;

/** The first VS Code whose chat passes images in tool results on to the model (LanguageModelDataPart, stable). */
const IMAGES_SINCE: readonly [number, number] = [1, 102];

/** Whether tool results may carry images here: by version, as code-server enables every proposed API. */
function imagePartsSupported(version: string = vscode.version): boolean {
  const [major, minor] = version.split('.').map((n) => Number.parseInt(n, 10));
  const recent = major > IMAGES_SINCE[0] || (major === IMAGES_SINCE[0] && minor >= IMAGES_SINCE[1]);
  return recent && typeof dataParts()?.image === 'function';
}

export class LanguageModelTools implements LmToolHandler, vscode.Disposable {
  private engine?: ExtensionAgentEngine;
  private tools?: typeof AgentToolsModule;

  constructor(private readonly services: Services) {}

  private load(): { tools: typeof AgentToolsModule; engine: ExtensionAgentEngine } {
    this.tools ??= loadSiblingBundle<typeof AgentToolsModule>(this.services.context.extensionPath, 'agentTools.js');
    this.engine ??= new ExtensionAgentEngine(this.services, this.tools);
    return { tools: this.tools, engine: this.engine };
  }

  async invoke(
    kind: LmToolKind,
    options: vscode.LanguageModelToolInvocationOptions<object>,
    token: vscode.CancellationToken,
  ): Promise<vscode.LanguageModelToolResult> {
    const { tools, engine } = this.load();
    const result = await tools.runAgentTool(kind, options.input, engine);
    if (token.isCancellationRequested) throw new vscode.CancellationError();
    // An error goes back as one: the chat shows it failed, and the model reads the words.
    if (result.isError) throw new Error(result.text);
    return new vscode.LanguageModelToolResult(await this.parts(result));
  }

  private async parts(result: AgentResult): Promise<vscode.LanguageModelTextPart[]> {
    const parts: vscode.LanguageModelTextPart[] = [new vscode.LanguageModelTextPart(result.text)];
    if (result.images.length > 0) {
      if (imagePartsSupported()) {
        for (const image of result.images) {
          parts.push(new vscode.LanguageModelTextPart(`${image.caption} (${image.width} × ${image.height} px):`));
          parts.push(dataParts()!.image(image.png, 'image/png'));
        }
      } else {
        const written = await Promise.all(result.images.map((image, i) => this.writePng(image, i)));
        parts.push(
          new vscode.LanguageModelTextPart(
            `${vscode.l10n.t('This editor cannot pass images to the model; the pages were written as PNG files:')}\n${written.join('\n')}`,
          ),
        );
      }
    }
    parts.push(new vscode.LanguageModelTextPart(JSON.stringify(result.data)));
    return parts;
  }

  /** A page image in the extension's storage (never beside the user's report): `page 1 of 3: /…/page-1.png`. */
  private async writePng(image: AgentImage, index: number): Promise<string> {
    const folder = vscode.Uri.joinPath(this.services.context.globalStorageUri, 'agent-pages');
    await vscode.workspace.fs.createDirectory(folder);
    const file = vscode.Uri.joinPath(folder, `page-${image.page}-${Date.now().toString(36)}-${index}.png`);
    await vscode.workspace.fs.writeFile(file, image.png);
    return `${image.caption}: ${file.fsPath}`;
  }

  async prepareInvocation(
    kind: LmToolKind,
    options: vscode.LanguageModelToolInvocationPrepareOptions<object>,
  ): Promise<vscode.PreparedToolInvocation | undefined> {
    const input = options.input as { path?: unknown; text?: unknown };
    const name = typeof input.path === 'string' ? input.path : vscode.l10n.t('the report text');
    if (kind !== 'build') return { invocationMessage: this.invocationMessage(kind, name) };
    let text = typeof input.text === 'string' ? input.text : '';
    if (typeof input.path === 'string') {
      const { engine } = this.load();
      text = await engine.document(input.path, kind).then(
        (d) => d.getText(),
        () => text,
      );
    }
    const cost = buildCostSentence(buildCostKind(text), this.services.quota.current.snapshot, vscode.l10n);
    return {
      invocationMessage: vscode.l10n.t('Building {0} with Report Studio', name),
      confirmationMessages: {
        title: vscode.l10n.t('Build {0}?', name),
        message: new vscode.MarkdownString(vscode.l10n.t('This build spends {0} of the quota.', cost)),
      },
    };
  }

  private invocationMessage(kind: Exclude<LmToolKind, 'build'>, name: string): string {
    switch (kind) {
      case 'validate':
        return vscode.l10n.t('Checking {0}', name);
      case 'render':
        return vscode.l10n.t('Drawing the pages of {0}', name);
      case 'component_docs':
        return vscode.l10n.t('Reading the component catalogue');
      case 'preview':
        return vscode.l10n.t('Previewing {0}', name);
      case 'quota':
        return vscode.l10n.t('Reading the quota');
    }
  }

  dispose(): void {
    this.engine?.dispose();
  }
}

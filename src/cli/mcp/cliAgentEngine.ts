/**
 * The agent tools' engine in the CLI (`report-studio mcp`): report files read under the input
 * rules of the other commands (inputFile.ts) from inside the work folders, pages drawn by the
 * bundled renderer in this process (one page imager and one differ, made on first use), and
 * preview/build/quota through the same session as `build` (session.ts): the hosted service
 * with REPORT_STUDIO_API_KEY, else the bundled local service.
 */
import { relative } from 'node:path';
import type { AgentEngine, DiffOutcome, RenderedPages, RenderPagesOptions, SubmitOutcome } from '../../core/agent/agentTools';
import { serviceProblems } from '../../core/agent/agentProblems';
import { AgentInputError } from '../../core/agent/toolArgs';
import type { QuotaRecord, TaskKind } from '../../core/api/types';
import { describeChanges, hasChanges } from '../../core/diff/diffTypes';
import { reportSchemaIndex } from '../../core/schema/reportSchema';
import type { SchemaIndex } from '../../core/schema/schemaIndex';
import type { GlobalOptions } from '../args';
import { defaultOutputPath } from '../commands/report';
import { repositoryRoot, textAt } from '../commands/diffGit';
import { loadEngine } from '../engineLoader';
import { CliError } from '../exitCodes';
import { InvalidUtf8Error, readReportInput } from '../inputFile';
import type { PageImager, VisualDiffer } from '../localService';
import type { CliIo } from '../output';
import { outputTarget } from '../outputTarget';
import { openSession, type Session } from '../session';
import { submitAndWait } from '../submitReport';
import { DiagnosticMapper } from '../../core/loc/diagnostics';
import type { WorkFolders } from './workFolder';

/** Diff images: 72 dpi keeps old | new of an A4 page within 1,200 px wide. */
const DIFF_SCALE = 1;

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Uint8Array): { width: number; height: number } {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

export class CliAgentEngine implements AgentEngine {
  private imager?: Promise<PageImager>;
  private differ?: Promise<VisualDiffer>;
  private session?: Promise<Session>;
  private index?: SchemaIndex;

  constructor(
    private readonly folders: () => Promise<WorkFolders>,
    private readonly global: GlobalOptions,
    private readonly io: CliIo,
    private readonly signal: AbortSignal,
  ) {}

  /** The bundled local service unless a key is given (flag or environment). */
  get local(): boolean {
    return this.global.offline || !(this.global.apiKey ?? this.io.env.REPORT_STUDIO_API_KEY);
  }

  schemaIndex(): SchemaIndex {
    return (this.index ??= reportSchemaIndex());
  }

  async readReport(path: string, tool: string): Promise<{ text: string; label: string }> {
    const folders = await this.folders();
    const absolute = await folders.resolve(tool, path);
    try {
      return { text: await readReportInput(absolute, folders.base), label: folders.shown(absolute) };
    } catch (error) {
      if (error instanceof InvalidUtf8Error || error instanceof CliError)
        throw new AgentInputError(`${tool}: ${error.message.replace(absolute, path)}`);
      throw error;
    }
  }

  async renderPages(text: string, label: string, options: RenderPagesOptions): Promise<RenderedPages> {
    this.imager ??= loadEngine().createPageImager();
    return (await this.imager).render(text, label, { ...options, signal: this.signal });
  }

  private openSession(): Promise<Session> {
    this.session ??= openSession({ ...this.global, offline: this.local }, this.io).catch((error: unknown) => {
      this.session = undefined;
      throw error;
    });
    return this.session;
  }

  async submit(kind: TaskKind, text: string, _label: string, o: { path?: string; output?: string }): Promise<SubmitOutcome> {
    const folders = await this.folders();
    const outputArg = o.output ?? defaultOutputPath(o.path!, kind);
    const absolute = await folders.resolve(kind, outputArg, 'output');
    const target = await outputTarget(absolute, folders.base, absolute, false);
    if (target.to === 'stdout') throw new AgentInputError(`${kind}: "output" must name a file`);
    const session = await this.openSession();
    const done = await submitAndWait(
      session,
      { text, mapper: new DiagnosticMapper(text) },
      { kind, output: { to: 'file', path: target.path }, polling: {}, timeoutMs: this.global.timeoutMs, signal: this.signal },
    );
    if ('rejected' in done) {
      return { output: folders.shown(target.path), notes: [], rejected: serviceProblems(this.schemaIndex(), text, done.rejected.details) };
    }
    const q = done.result.quota;
    return {
      output: folders.shown(target.path),
      pages: done.facts.pages,
      quota: q ? { singlePageRemaining: q.singlePageRemaining, multiPageRemaining: q.multiPageRemaining } : undefined,
      notes: done.result.notes,
    };
  }

  async quota(): Promise<{ record: QuotaRecord; local: boolean }> {
    const session = await this.openSession();
    return { record: await session.client.getRemainingQuota({ signal: this.signal }), local: session.local };
  }

  async diff(path: string, against: string | undefined): Promise<DiffOutcome> {
    const folders = await this.folders();
    const absolute = await folders.resolve('diff', path);
    const next = await this.readReport(path, 'diff');
    let oldText: string | undefined;
    let oldLabel: string;
    if (against !== undefined) {
      const other = await this.readReport(against, 'diff');
      oldText = other.text;
      oldLabel = other.label;
    } else {
      const root = await repositoryRoot(folders.base, this.signal).catch(() => {
        throw new AgentInputError(`diff: ${next.label} is not in a git repository; give "against", another report file`);
      });
      const file = relative(root, absolute).split('\\').join('/');
      oldText = await textAt(root, 'HEAD', file, this.signal).catch(() => undefined);
      oldLabel = `HEAD:${file}`;
    }
    this.differ ??= loadEngine().createVisualDiffer();
    const differ = await this.differ;
    const old = oldText === undefined ? undefined : await differ.renderReport(oldText, oldLabel, this.signal);
    const side = await differ.renderReport(next.text, next.label, this.signal);
    const { diff, images } = await differ.diff(old, side, { images: 'changed', scale: DIFF_SCALE, signal: this.signal });
    const changed = hasChanges(diff);
    const pictures = images
      .filter((i) => i.sideBySide)
      .map((i) => ({ page: i.page, ...pngSize(i.sideBySide!), png: i.sideBySide!, caption: `page ${i.page}: old | new, changes marked` }));
    const what = oldText === undefined ? `${oldLabel} does not exist (a new report): ` : '';
    return {
      summary: `${next.label} against ${oldLabel}: ${what}${describeChanges(diff)}`,
      changed,
      data: { old: oldLabel, new: next.label, old_pages: diff.oldPages, new_pages: diff.newPages, pages: diff.pages },
      images: pictures,
    };
  }

  async close(): Promise<void> {
    const [imager, differ, session] = [this.imager, this.differ, this.session];
    this.imager = this.differ = this.session = undefined;
    (await imager?.catch(() => undefined))?.dispose();
    (await differ?.catch(() => undefined))?.dispose();
    await (await session?.catch(() => undefined))?.close();
  }
}

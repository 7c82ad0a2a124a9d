/**
 * The agent tools' logic, shared by the MCP server (src/cli/mcp/) and the extension's
 * language-model tools (src/extension/lmTools/): arguments checked, the report read, the work
 * done through an engine the host hands in (files or the editor's unsaved text, the renderer,
 * the service), and one result shape — words for the model, the same facts as data, page images.
 * Every failure comes back as an error result in plain words, secrets removed; nothing throws.
 */
import type { QuotaRecord, RenderNote, TaskKind } from '../api/types';
import { parsePageSelection, selectedPages, type PageSpan } from '../pageImageOptions';
import { buildCostKind, quotaDetailRows, snapshotFromRecord } from '../quota/quotaSummary';
import { redact } from '../redact';
import { DiagnosticMapper } from '../loc/diagnostics';
import type { SchemaIndex } from '../schema/schemaIndex';
import { agentProblems, noteProblems, problemLine, type AgentProblem } from './agentProblems';
import { componentDoc, componentDocText, componentList } from './componentDocs';
import { DEFAULT_AGENT_DPI, DEFAULT_AGENT_PAGES, MAX_AGENT_PAGES } from './limits';
import { AgentInputError, checkToolArgs, reportRef, type ToolArgs } from './toolArgs';
import { toolSpec, type AgentToolName } from './toolSpecs';

export interface AgentImage {
  page: number;
  width: number;
  height: number;
  png: Uint8Array;
  /** What the picture is (`page 2 of 5`, `page 3: old | new`). */
  caption: string;
}

export interface AgentResult {
  /** For the model, in plain words. */
  text: string;
  /** The same facts as data (MCP structured content; the JSON text part in VS Code). */
  data: Record<string, unknown>;
  images: AgentImage[];
  isError: boolean;
}

export interface RenderedPages {
  pageCount: number;
  pages: Array<{ page: number; width: number; height: number; png: Uint8Array }>;
  notes: RenderNote[];
}

export interface SubmitOutcome {
  /** Where the file was written (as the host shows paths). */
  output: string;
  pages?: number;
  quota?: { singlePageRemaining: number | null; multiPageRemaining: number | null };
  notes: RenderNote[];
  /** The service's 422, as problems on the text (nothing was made). */
  rejected?: AgentProblem[];
}

export interface DiffOutcome {
  /** `2 pages changed (p2, p3)`. */
  summary: string;
  changed: boolean;
  data: Record<string, unknown>;
  images: AgentImage[];
}

export interface RenderPagesOptions {
  dpi: number;
  /** Which pages ([]: none, only the layout's page count and notes). */
  pages?: PageSpan[];
  /** Without `pages`: the first this many (those the report has). */
  firstPages?: number;
}

/** What the host provides. Optional parts the host lacks make their tools say so. */
export interface AgentEngine {
  schemaIndex(): Promise<SchemaIndex> | SchemaIndex;
  /** The text of the report at `path` (the editor's unsaved text, where open); an AgentInputError when it cannot be read or is not allowed. */
  readReport(path: string, tool: string): Promise<{ text: string; label: string }>;
  /** Lays out the report and draws the chosen pages (none: notes and page count only). */
  renderPages(text: string, label: string, options: RenderPagesOptions): Promise<RenderedPages>;
  submit?(kind: TaskKind, text: string, label: string, options: { path?: string; output?: string }): Promise<SubmitOutcome>;
  quota?(): Promise<{ record: QuotaRecord; local: boolean }>;
  diff?(path: string, against: string | undefined): Promise<DiffOutcome>;
  /** Whether the service is the bundled local one (its quota is a stand-in). */
  readonly local?: boolean;
}

const ok = (text: string, data: Record<string, unknown>, images: AgentImage[] = []): AgentResult => ({
  text,
  data,
  images,
  isError: false,
});

export function errorResult(message: string): AgentResult {
  const text = redact(message);
  return { text, data: { error: text }, images: [], isError: true };
}

async function reportText(tool: string, engine: AgentEngine, args: ToolArgs): Promise<{ text: string; label: string; path?: string }> {
  const ref = reportRef(tool, args);
  if ('text' in ref) return { text: ref.text, label: 'the report text' };
  return { ...(await engine.readReport(ref.path, tool)), path: ref.path };
}

/** A tool that needs JSON stops at the first syntax error, naming its line and column. */
function requireJson(tool: string, label: string, text: string): void {
  const [first, ...more] = new DiagnosticMapper(text).syntaxErrors();
  if (!first) return;
  throw new AgentInputError(
    `${tool}: ${label} is not valid JSON: ${first.message} at line ${first.start.line + 1}, column ${first.start.character + 1}` +
      (more.length ? ` (and ${more.length} more syntax error${more.length === 1 ? '' : 's'})` : '') +
      '. Run validate for every problem.',
  );
}

/** Pages asked for: a selection such as "1-3" (at most MAX_AGENT_PAGES), or the first DEFAULT_AGENT_PAGES. */
function pageSelection(tool: string, pages: string | undefined): PageSpan[] | undefined {
  if (pages === undefined) return undefined;
  try {
    const spans = parsePageSelection(pages);
    return spans;
  } catch (error) {
    throw new AgentInputError(`${tool}: ${(error as Error).message.replace('--pages', '"pages"')}`);
  }
}

async function validate(engine: AgentEngine, args: ToolArgs): Promise<AgentResult> {
  const { text, label } = await reportText('validate', engine, args);
  const index = await engine.schemaIndex();
  const problems = agentProblems(index, text);
  let rendered = false;
  // Render notes need a layout: only of a report the service would take (no error yet).
  if (!problems.some((p) => p.severity === 'error')) {
    const notes = (await engine.renderPages(text, label, { dpi: DEFAULT_AGENT_DPI, pages: [] })).notes;
    rendered = true;
    problems.push(...noteProblems(text, notes));
  }
  const errors = problems.filter((p) => p.severity === 'error').length;
  const words =
    problems.length === 0
      ? `${label}: no problems.`
      : `${label}: ${problems.length} problem${problems.length === 1 ? '' : 's'} (${errors} error${errors === 1 ? '' : 's'}):\n` +
        problems.map(problemLine).join('\n');
  return ok(words, { valid: errors === 0, error_count: errors, problem_count: problems.length, rendered, problems });
}

async function render(engine: AgentEngine, args: ToolArgs): Promise<AgentResult> {
  const { text, label } = await reportText('render', engine, args);
  requireJson('render', label, text);
  const dpi = (args.dpi as number | undefined) ?? DEFAULT_AGENT_DPI;
  let pages = pageSelection('render', args.pages as string | undefined);
  if (pages?.some((s) => s.to === undefined)) {
    // An open range ("2-"): the page count decides how many that is, before anything is drawn.
    const { pageCount } = await engine.renderPages(text, label, { dpi, pages: [] });
    pages = selectedPages(pages, pageCount).map((p) => ({ from: p, to: p }));
  }
  const asked = pages ? selectedPagesCount(pages) : 0;
  if (asked > MAX_AGENT_PAGES) {
    throw new AgentInputError(`render: at most ${MAX_AGENT_PAGES} pages in one call; "${String(args.pages)}" names ${asked}`);
  }
  let result: RenderedPages;
  try {
    result = await engine.renderPages(text, label, { dpi, pages, firstPages: DEFAULT_AGENT_PAGES });
  } catch (error) {
    if ((error as Error).name === 'PageSelectionError') throw new AgentInputError(`render: ${(error as Error).message}`);
    throw error;
  }
  const drawn = result.pages.map((p) => p.page);
  const notes = noteProblems(text, result.notes);
  const undrawn = result.pageCount - drawn.length;
  const words = [
    `${label}: ${result.pageCount} page${result.pageCount === 1 ? '' : 's'}; drawn: ${drawn.join(', ')} at ${dpi} dpi.`,
    undrawn > 0 ? `${undrawn} page${undrawn === 1 ? '' : 's'} not drawn: ask for them with "pages".` : '',
    notes.length ? `Render notes:\n${notes.map(problemLine).join('\n')}` : 'No render notes.',
  ].filter(Boolean);
  return ok(
    words.join('\n'),
    { page_count: result.pageCount, dpi, pages: result.pages.map(({ page, width, height }) => ({ page, width, height })), notes },
    result.pages.map((p) => ({ ...p, caption: `page ${p.page} of ${result.pageCount}` })),
  );
}

/** Distinct pages named by closed spans. */
function selectedPagesCount(spans: PageSpan[]): number {
  const pages = new Set<number>();
  for (const { from, to } of spans) for (let p = from; p <= (to ?? from) && pages.size <= MAX_AGENT_PAGES; p++) pages.add(p);
  return pages.size;
}

function componentDocs(args: ToolArgs): AgentResult {
  const type = args.type as string | undefined;
  if (type === undefined) {
    const list = componentList();
    return ok(
      `Component types (call component_docs with a type for its options):\n${list.map((c) => `- ${c.type}: ${c.summary}`).join('\n')}`,
      { types: list },
    );
  }
  const doc = componentDoc(type);
  return ok(componentDocText(doc), { component: doc });
}

async function submit(kind: TaskKind, engine: AgentEngine, args: ToolArgs): Promise<AgentResult> {
  if (!engine.submit) throw new AgentInputError(`${kind}: this host cannot reach a report service`);
  const { text, label, path } = await reportText(kind, engine, args);
  requireJson(kind, label, text);
  const output = args.output as string | undefined;
  if (path === undefined && output === undefined) {
    throw new AgentInputError(`${kind}: with "text" the file needs a name: give "output" (e.g. "report.pdf")`);
  }
  const done = await engine.submit(kind, text, label, { path, output });
  if (done.rejected) {
    return {
      ...errorResult(
        `${kind}: the service rejected ${label} (${done.rejected.length} error${done.rejected.length === 1 ? '' : 's'}); nothing was made:\n` +
          done.rejected.map(problemLine).join('\n'),
      ),
      data: { rejected: true, problems: done.rejected },
    };
  }
  const notes = noteProblems(text, done.notes);
  const quota = done.quota
    ? `Quota left: ${done.quota.singlePageRemaining ?? '?'} single-page, ${done.quota.multiPageRemaining ?? '?'} multi-page reports${engine.local ? ' (local service)' : ''}.`
    : '';
  const cost = kind === 'build' ? ` It counted as 1 ${buildCostKind(text)}-page report.` : ' A preview spends no quota.';
  return ok(
    [
      `Wrote ${done.output}${done.pages !== undefined ? ` (${done.pages} page${done.pages === 1 ? '' : 's'})` : ''}.${cost}`,
      quota,
      notes.length ? `Render notes:\n${notes.map(problemLine).join('\n')}` : '',
    ]
      .filter(Boolean)
      .join('\n'),
    {
      output: done.output,
      pages: done.pages ?? null,
      cost: kind === 'build' ? buildCostKind(text) : 'none',
      quota: done.quota
        ? { single_page_remaining: done.quota.singlePageRemaining, multi_page_remaining: done.quota.multiPageRemaining }
        : null,
      local: engine.local === true,
      notes,
    },
  );
}

async function quota(engine: AgentEngine): Promise<AgentResult> {
  if (!engine.quota) throw new AgentInputError('quota: this host cannot reach a report service');
  const { record, local } = await engine.quota();
  const rows = quotaDetailRows(snapshotFromRecord(record, new Date()), new Date());
  return ok(
    `Quota${local ? ' of the local service (a stand-in; the hosted plan is not spent)' : ''}:\n${rows.map((r) => `- ${r.label}: ${r.value}`).join('\n')}`,
    {
      local,
      quota: record,
    },
  );
}

async function diff(engine: AgentEngine, args: ToolArgs): Promise<AgentResult> {
  if (!engine.diff) throw new AgentInputError('diff: this host cannot compare reports');
  const path = args.path as string | undefined;
  if (path === undefined) throw new AgentInputError('diff: give "path", the report to compare');
  const d = await engine.diff(path, args.against as string | undefined);
  return ok(d.summary, { changed: d.changed, ...d.data }, d.images);
}

/** Runs one tool call: checked, done, and said in words; any failure is an error result. */
export async function runAgentTool(name: AgentToolName, rawArgs: unknown, engine: AgentEngine): Promise<AgentResult> {
  try {
    const args = checkToolArgs(toolSpec(name), rawArgs);
    switch (name) {
      case 'validate':
        return await validate(engine, args);
      case 'render':
        return await render(engine, args);
      case 'component_docs':
        return componentDocs(args);
      case 'preview':
      case 'build':
        return await submit(name, engine, args);
      case 'quota':
        return await quota(engine);
      case 'diff':
        return await diff(engine, args);
    }
  } catch (error) {
    return errorResult(error instanceof Error ? error.message : String(error));
  }
}

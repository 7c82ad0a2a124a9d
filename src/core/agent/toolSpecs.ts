/**
 * The agent tools, declared once: name, title, the description a model reads, the inputs and
 * the MCP annotations. The MCP server (src/cli/mcp/) builds its input schemas from these, and
 * the extension's `contributes.languageModelTools` in package.json must say the same
 * (test/unit/core/agent/agentTools.test.ts compares them).
 */
import { DEFAULT_AGENT_DPI, MAX_AGENT_PAGES, DEFAULT_AGENT_PAGES } from './limits';
import { MAX_DPI, MIN_DPI } from '../pageImageOptions';
import type { TaskKind } from '../api/types';

export type AgentToolName = 'validate' | 'render' | 'component_docs' | TaskKind | 'quota' | 'diff';

/** One input of a tool, as JSON Schema keeps it (the subset the tools need). */
export interface ParamSpec {
  type: 'string' | 'integer';
  description: string;
  minimum?: number;
  maximum?: number;
}

export interface ToolSpec {
  name: AgentToolName;
  title: string;
  description: string;
  params: Readonly<Record<string, ParamSpec>>;
  /** MCP tool annotations (hints to the client). */
  annotations: { readOnlyHint: boolean; destructiveHint?: boolean; idempotentHint?: boolean; openWorldHint: boolean };
}

const PATH: ParamSpec = {
  type: 'string',
  description: 'The report file (*.report.json), relative to the working folder. Give either path or text.',
};
const TEXT: ParamSpec = {
  type: 'string',
  description: 'The report JSON itself, when it is not (yet) a file. Give either path or text.',
};
const PAGES: ParamSpec = {
  type: 'string',
  description: `Which pages, e.g. "1", "2-3", "1,4". Default: the first ${DEFAULT_AGENT_PAGES}; at most ${MAX_AGENT_PAGES} in one call.`,
};
const DPI: ParamSpec = {
  type: 'integer',
  description: `Resolution in dots per inch (default ${DEFAULT_AGENT_DPI}: an A4 page is about 790 × 1120 px).`,
  minimum: MIN_DPI,
  maximum: MAX_DPI,
};

export const TOOL_SPECS: readonly ToolSpec[] = [
  {
    name: 'validate',
    title: 'Validate a report',
    description:
      'Checks a Report Studio report (JSON) and lists every problem the editor would show: JSON syntax, what the report service would reject (errors), what only the strict schema flags (warnings), and what the renderer noticed (content cut off a single page, images it could not load). Each problem has its JSON path, line and column (1-based), plain words, and where the editor has a quick fix, the fix as a text edit (offset and length in UTF-16 code units of the text, and the new text). Apply the edits one at a time and validate again. Free, offline.',
    params: { path: PATH, text: TEXT },
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  },
  {
    name: 'render',
    title: 'Render report pages',
    description: `Draws a report's pages with the bundled renderer and returns them as PNG images, with the page count and the render notes (content cut, images missing, fonts replaced). Look at the pages after every change. Free, offline, never spends quota. Default: the first ${DEFAULT_AGENT_PAGES} pages at ${DEFAULT_AGENT_DPI} dpi; at most ${MAX_AGENT_PAGES} pages in one call.`,
    params: { path: PATH, text: TEXT, pages: PAGES, dpi: DPI },
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  },
  {
    name: 'component_docs',
    title: 'Component documentation',
    description:
      'Without a type: the list of component types a report may hold, each with one line. With a type (e.g. "Card", "Chart.Bar"): its options with type, default, unit, bounds and allowed values, which are required, and a short example. Read it before writing a component.',
    params: { type: { type: 'string', description: 'A component type such as "Card", "Table" or "Chart.Line"; omit it for the list.' } },
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  },
  {
    name: 'preview',
    title: 'Preview through the service',
    description:
      'Submits the report to the configured report service for a preview (a low-resolution, watermarked JPEG of the first page), writes it beside the report (or to output) and returns its path and the quota left. A preview never spends quota. Prefer render to look at pages; preview shows what the service itself makes.',
    params: {
      path: PATH,
      text: TEXT,
      output: {
        type: 'string',
        description: 'Where to write the JPEG, relative to the working folder (default: beside the report, *.preview.jpg).',
      },
    },
    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
  },
  {
    name: 'build',
    title: 'Build the PDF (spends quota)',
    description:
      'Builds the final PDF through the configured report service, writes it beside the report (or to output) and returns its path and the quota left. SPENDS QUOTA: a single-page report costs 1 single-page report of the plan; a multi-page report (config.enable_multi_page true, or n_pages above 1) costs 1 multi-page report, whatever its page count. Build only when the user asks for the PDF; use validate and render to check the report first, they are free.',
    params: {
      path: PATH,
      text: TEXT,
      output: {
        type: 'string',
        description: 'Where to write the PDF, relative to the working folder (default: beside the report, *.pdf).',
      },
    },
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  },
  {
    name: 'quota',
    title: 'Quota left',
    description:
      'The quota of the configured report service: single-page and multi-page reports left of the plan, pages a report may have, the period. Free.',
    params: {},
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  },
  {
    name: 'diff',
    title: 'Compare pages',
    description:
      'Compares a report with its last committed version (git HEAD) or with another report file, page by page, and returns the changed pages as images (old | new, changes highlighted) with a summary. Free, offline.',
    params: {
      path: { ...PATH, description: 'The report file (*.report.json), relative to the working folder.' },
      against: {
        type: 'string',
        description: 'Another report file to compare with, relative to the working folder; default: the version of path at git HEAD.',
      },
    },
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  },
];

export function toolSpec(name: AgentToolName): ToolSpec {
  const spec = TOOL_SPECS.find((t) => t.name === name);
  if (!spec) throw new Error(`no agent tool "${name}"`);
  return spec;
}

/** The JSON Schema of a tool's input (what package.json's languageModelTools declare). */
export function inputJsonSchema(spec: ToolSpec): Record<string, unknown> {
  return {
    type: 'object',
    properties: Object.fromEntries(Object.entries(spec.params).map(([name, p]) => [name, { ...p }])),
    additionalProperties: false,
  };
}

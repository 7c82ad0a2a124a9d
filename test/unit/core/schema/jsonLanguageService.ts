// Drives vscode-json-languageservice — the engine behind VS Code's JSON editing — with the
// report schema, so tests see the very messages and completions a user sees.
import { getLanguageService, TextDocument, type CompletionItem, type Diagnostic } from 'vscode-json-languageservice';
import { reportSchema } from '../../../../src/core/schema/reportSchema';

// Documents live in file:///work/examples/ so an example's `"$schema": "../schemas/…"`
// resolves to the same URI as the fileMatch association, as it does in a workspace.
const SCHEMA_URI = 'file:///work/schemas/report.schema.json';

const service = getLanguageService({
  schemaRequestService: async (uri) => {
    if (uri === SCHEMA_URI) return JSON.stringify(reportSchema);
    throw new Error(`unexpected schema request ${uri}`);
  },
  workspaceContext: { resolveRelativePath: (relativePath, resource) => new URL(relativePath, resource).toString() },
});
service.configure({
  validate: true,
  allowComments: false,
  // A copy: the service resolves $refs in place, which would make the shared object circular.
  schemas: [{ uri: SCHEMA_URI, fileMatch: ['*.report.json'], schema: JSON.parse(JSON.stringify(reportSchema)) }],
});

let counter = 0;
function doc(text: string): TextDocument {
  return TextDocument.create(`file:///work/examples/doc${counter++}.report.json`, 'json', 1, text);
}

export interface EditorProblem {
  message: string;
  /** The source text the squiggle covers. */
  text: string;
  severity: Diagnostic['severity'];
}

export async function editorProblems(text: string): Promise<EditorProblem[]> {
  const document = doc(text);
  const diagnostics = await service.doValidation(document, service.parseJSONDocument(document));
  return diagnostics.map((d) => ({
    message: typeof d.message === 'string' ? d.message : d.message.value,
    text: text.slice(document.offsetAt(d.range.start), document.offsetAt(d.range.end)),
    severity: d.severity,
  }));
}

/** Completion at the `|` marker of `textWithCursor`. */
export async function editorCompletions(textWithCursor: string): Promise<CompletionItem[]> {
  const offset = textWithCursor.indexOf('|');
  if (offset < 0) throw new Error('no | cursor marker');
  const text = textWithCursor.slice(0, offset) + textWithCursor.slice(offset + 1);
  const document = doc(text);
  const list = await service.doComplete(document, document.positionAt(offset), service.parseJSONDocument(document));
  return list?.items ?? [];
}

/** Hover markdown at the `|` marker. */
export async function editorHover(textWithCursor: string): Promise<string> {
  const offset = textWithCursor.indexOf('|');
  const text = textWithCursor.slice(0, offset) + textWithCursor.slice(offset + 1);
  const document = doc(text);
  const hover = await service.doHover(document, document.positionAt(offset), service.parseJSONDocument(document));
  const contents = hover?.contents;
  if (!contents) return '';
  const parts = Array.isArray(contents) ? contents : [contents];
  return parts.map((p) => (typeof p === 'string' ? p : p.value)).join('\n');
}

export interface JsonDiagnostic {
  start: number;
  end: number;
  message: string;
  source?: string;
  code?: string | number;
}

/**
 * The diagnostics with their offsets, as a `*.report.jsonc`-tolerant editor shows them
 * (comments and trailing commas ignored), so quick fixes are tested against what a user sees.
 */
export async function jsonDiagnostics(text: string): Promise<JsonDiagnostic[]> {
  const document = doc(text);
  const found = await service.doValidation(document, service.parseJSONDocument(document), { trailingCommas: 'ignore', comments: 'ignore' });
  return found.map((d) => ({
    start: document.offsetAt(d.range.start),
    end: document.offsetAt(d.range.end),
    message: typeof d.message === 'string' ? d.message : String(d.message),
    source: d.source,
    code: d.code,
  }));
}

// The editor's own schema checker — vscode-json-languageservice, the engine of VS Code's JSON
// extension — with the report schema, returning diagnostics with their offsets, so the
// quick fixes are tested against the very diagnostics a user sees.
import { getLanguageService, TextDocument } from 'vscode-json-languageservice';
import { reportSchema } from '../../../src/core/schema/reportSchema';

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
  allowComments: true,
  // A copy: the service resolves $refs in place.
  schemas: [{ uri: SCHEMA_URI, fileMatch: ['*.report.json'], schema: JSON.parse(JSON.stringify(reportSchema)) }],
});

export interface JsonDiagnostic {
  start: number;
  end: number;
  message: string;
  source?: string;
  code?: string | number;
}

let counter = 0;

/** The JSON language service's diagnostics for a report text (as in a `*.report.json` editor). */
export async function jsonDiagnostics(text: string): Promise<JsonDiagnostic[]> {
  const document = TextDocument.create(`file:///work/reports/doc${counter++}.report.json`, 'json', 1, text);
  const found = await service.doValidation(document, service.parseJSONDocument(document), { trailingCommas: 'ignore', comments: 'ignore' });
  return found.map((d) => ({
    start: document.offsetAt(d.range.start),
    end: document.offsetAt(d.range.end),
    message: typeof d.message === 'string' ? d.message : String(d.message),
    source: d.source,
    code: d.code,
  }));
}

// The schema VS Code's JSON language service reads for report files (package.json
// `jsonValidation`): the report schema under `if`. The JSON service completes, explains and
// offers snippets from an `if` as from the schema itself, but never reports its problems —
// it would report every one as a warning, whatever the service does with it. The extension
// checks the text itself instead, errors and warnings apart (src/extension/diagnostics/
// reportSchemaDiagnostics.ts). The annotations VS Code reads from the root stay at the root.
import type { JsonSchema } from '../../src/core/schema/jsonSchema';

export const EDITOR_SCHEMA_FILE = 'schemas/report.editor.schema.json';

/** Read by the JSON service from the root schema only. */
const ROOT_ANNOTATIONS = ['$schema', 'title', 'markdownDescription', 'allowTrailingCommas', 'allowComments', 'defaultSnippets'] as const;

export function editorSchema(schema: JsonSchema): JsonSchema {
  const root: Record<string, unknown> = {};
  for (const key of ROOT_ANNOTATIONS) if (key in schema) root[key] = schema[key];
  // The report schema itself, beside this file (one copy of 800 KB in the package, not two).
  root.if = { $ref: 'report.schema.json' };
  return root;
}

// The report JSON schema bundled into the code that needs it offline and at once: the local
// service, the renderer's tests and the CLI (schemas/report.schema.json — the single source of
// truth). The extension never imports this module: it reads the shipped file at run time
// (src/extension/schema/schemaProvider.ts), so the schema is not inside dist/extension.js.
// `require` (not `import`) keeps tsc from inferring a type for the 700 KB JSON; esbuild
// still bundles it.
import type { JsonSchema } from './jsonSchema';
import { SchemaIndex } from './schemaIndex';

export type { JsonSchema } from './jsonSchema';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- see above
export const reportSchema: JsonSchema = require('../../../schemas/report.schema.json');

let index: SchemaIndex | undefined;

/** The index over the bundled schema, built once per process. */
export function reportSchemaIndex(): SchemaIndex {
  return (index ??= new SchemaIndex(reportSchema));
}

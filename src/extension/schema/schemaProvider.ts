/**
 * The report schema as the extension uses it: read at run time from the shipped
 * schemas/report.schema.json (the file VS Code's JSON language service also reads for
 * completion, hover and validation), never bundled into dist/extension.js. The file is read on
 * the first need (a New Report template, a code action), and the schema index with its
 * validators is built by the lazily loaded fix engine bundle.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { JsonSchema } from '../../core/schema/jsonSchema';
import type { SchemaIndex } from '../../core/schema/schemaIndex';
import { loadSiblingBundle } from '../service/runtimeLoader';
import type * as FixEngineModule from './fixEngineEntry';

export type FixEngine = typeof FixEngineModule;

export class SchemaProvider {
  private json?: JsonSchema;
  private engine?: FixEngine;
  private index?: SchemaIndex;

  constructor(private readonly extensionPath: string) {}

  /** The shipped report schema, parsed once. */
  schema(): JsonSchema {
    const file = path.join(this.extensionPath, 'schemas', 'report.schema.json');
    return (this.json ??= JSON.parse(readFileSync(file, 'utf8')) as JsonSchema);
  }

  /** The quick-fix engine (dist/fixEngine.js), loaded once. */
  fixEngine(): FixEngine {
    return (this.engine ??= loadSiblingBundle<FixEngine>(this.extensionPath, 'fixEngine.js'));
  }

  /** The index over the shipped schema (validators compiled on first use), built once. */
  schemaIndex(): SchemaIndex {
    return (this.index ??= new (this.fixEngine().SchemaIndex)(this.schema()));
  }
}

/**
 * The report schema as the extension uses it: read at run time from the shipped
 * schemas/report.schema.json (the file VS Code's JSON language service also reads for
 * completion, hover and validation), never bundled into dist/extension.js. The file is read on
 * the first need (a New Report template, a code action) through vscode.workspace.fs (the web
 * worker extension host has no disk), and the schema index with its validators is built by the
 * lazily loaded fix engine bundle.
 */
import * as vscode from 'vscode';
import type { JsonSchema } from '../../core/schema/jsonSchema';
import type { SchemaIndex } from '../../core/schema/schemaIndex';
import { loadSiblingBundle } from '../service/runtimeLoader';
import type * as FixEngineModule from './fixEngineEntry';

export type FixEngine = typeof FixEngineModule;

export class SchemaProvider {
  private json?: Promise<JsonSchema>;
  private engine?: FixEngine;
  private index?: Promise<SchemaIndex>;

  constructor(private readonly extensionUri: vscode.Uri) {}

  /** The shipped report schema, read and parsed once. */
  schema(): Promise<JsonSchema> {
    const file = vscode.Uri.joinPath(this.extensionUri, 'schemas', 'report.schema.json');
    return (this.json ??= Promise.resolve(vscode.workspace.fs.readFile(file)).then(
      (bytes) => JSON.parse(new TextDecoder().decode(bytes)) as JsonSchema,
    ));
  }

  /** The quick-fix engine (dist/fixEngine.js), loaded once. */
  fixEngine(): FixEngine {
    return (this.engine ??= loadSiblingBundle<FixEngine>(this.extensionUri.fsPath, 'fixEngine.js'));
  }

  /** The index over the shipped schema (validators compiled on first use), built once. */
  schemaIndex(): Promise<SchemaIndex> {
    return (this.index ??= this.schema().then((schema) => new (this.fixEngine().SchemaIndex)(schema)));
  }
}

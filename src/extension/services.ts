/**
 * Everything the commands and views share, built once in activate() (extension.ts).
 * Passed explicitly so each module says what it uses and tests can see the seams.
 */
import type { ApiKeyStore } from './service/apiKeyStore';
import type { LocalServiceHost } from './service/localServiceHost';
import type { Submissions } from './submit/submissions';
import type { SubmitDeps } from './submit/types';
import type { SchemaProvider } from './schema/schemaProvider';
import type { LivePreview } from './live/livePreview';
import type { PreviewSync } from './live/previewSync';
import type { ResultExport } from './viewer/resultExport';
import type { PdfEditorProvider } from './viewer/pdfEditor';
import type { ExtensionHostKind } from './hostKind';

export interface Services extends SubmitDeps {
  /** The extension host running this window's extension: some commands mean something else without Node (docs/extension.md, VS Code for the Web). */
  host: ExtensionHostKind;
  keys: ApiKeyStore;
  local: LocalServiceHost;
  submissions: Submissions;
  schemas: SchemaProvider;
  live: LivePreview;
  sync: PreviewSync;
  /** Copies of results written for the user (reportStudio.export.*). */
  exports: ResultExport;
  /** The PDF viewer of `*.pdf` files. */
  pdfEditor: PdfEditorProvider;
}

/**
 * What every "Copy as…" snippet does, declared once: submit the report to build-report or
 * preview-report, ask get-task-status until SUCCESS or FAILED, then save get-report to a file.
 * The paths, the key header and the poll interval come from the client's own declarations
 * (api/types.ts, runner/polling.ts), so a snippet sends what the extension sends.
 */
import type { Node } from 'jsonc-parser';
import { API_PATHS, HEADER_API_KEY, type TaskKind } from '../api/types';
import { FIXED_750_POLLING } from '../runner/polling';
import { parseJsonc } from '../loc/jsoncText';
import { LineIndex } from '../loc/lineIndex';
import { ENGLISH, type Translator } from '../l10n';

/** The environment variable every snippet reads the key from: the key itself is never in the code. */
export const API_KEY_ENV = 'HYBISCUS_API_KEY';

export interface CodeInput {
  /** The report's current text (JSONC: comments and trailing commas are dropped). */
  text: string;
  kind: TaskKind;
  /** The selected service's base URL, ending in /api/v1 (normaliseBaseUrl's form). */
  baseUrl: string;
  /** The report's file name (`sales.report.json`), for the comments and the output name. */
  fileName: string;
  /** The language of a CodegenError's message (core/l10n.ts); the code itself stays English. */
  l10n?: Translator;
}

export interface CodeRequest {
  kind: TaskKind;
  baseUrl: string;
  /** build-report or preview-report. */
  submitPath: string;
  statusPath: string;
  reportPath: string;
  /** `X-API-KEY`, as the service's documentation spells it (header names are case-insensitive). */
  keyHeader: string;
  keyEnv: string;
  /** The public clients' interval between two status checks. */
  pollSeconds: number;
  /** A snippet gives up waiting after this long (a task stuck in QUEUED should not hang a script forever). */
  maxWaitSeconds: number;
  /** `sales.pdf` for a build, `sales.jpg` for a preview. */
  outFile: string;
  fileName: string;
  /** `Builds sales.report.json (PDF)`: the first words of every snippet's comment. */
  summary: string;
  /** The parsed report, with its text for the literal printer. */
  root: Node;
  source: string;
}

/** The report text cannot be turned into code: it is not valid JSON(C). */
export class CodegenError extends Error {
  override readonly name = 'CodegenError';
}

const MAX_WAIT_SECONDS = 300;

export function describeRequest(input: CodeInput): CodeRequest {
  const l10n = input.l10n ?? ENGLISH;
  const parsed = parseJsonc(input.text);
  const first = parsed.errors[0];
  if (first) {
    const p = new LineIndex(input.text).positionAt(first.offset);
    throw new CodegenError(
      l10n.t(
        '{0} is not valid JSON ({1} at line {2}, column {3}): fix it before copying it as code.',
        input.fileName,
        first.message,
        p.line + 1,
        p.character + 1,
      ),
    );
  }
  if (!parsed.root) throw new CodegenError(l10n.t('{0} is empty: there is no report to copy as code.', input.fileName));
  if (parsed.root.type !== 'object')
    throw new CodegenError(l10n.t('{0} is not a report: its top level is not a JSON object.', input.fileName));
  const stem = input.fileName.replace(/(\.report)?\.jsonc?$/i, '') || 'report';
  return {
    kind: input.kind,
    baseUrl: input.baseUrl,
    submitPath: input.kind === 'build' ? API_PATHS.buildReport : API_PATHS.previewReport,
    statusPath: API_PATHS.taskStatus,
    reportPath: API_PATHS.report,
    keyHeader: HEADER_API_KEY.toUpperCase(),
    keyEnv: API_KEY_ENV,
    pollSeconds: FIXED_750_POLLING.maxDelayMs / 1000,
    maxWaitSeconds: MAX_WAIT_SECONDS,
    outFile: `${safeFileStem(stem)}.${input.kind === 'build' ? 'pdf' : 'jpg'}`,
    fileName: input.fileName,
    summary: `${input.kind === 'build' ? 'Builds' : 'Previews'} ${input.fileName} (${input.kind === 'build' ? 'PDF, counts against the quota' : 'JPEG of the first page, free'})`,
    root: parsed.root,
    source: input.text,
  };
}

/** A default output name every shell and language takes without quoting trouble. */
function safeFileStem(stem: string): string {
  const safe = stem.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+|-+$/g, '');
  return safe || 'report';
}

/** A comment's text cannot end it early: file names are the user's. */
export function commentSafe(text: string): string {
  return text.replace(/[\r\n\u2028\u2029]+/g, ' ');
}

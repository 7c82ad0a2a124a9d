/**
 * Which diagnostics are schema problems: the extension's own (reportSchemaDiagnostics.ts,
 * source "Report schema") and, for a file the author attached the full schema to by hand
 * (`json.schemas`, `"$schema"`), those of VS Code's JSON language service (source "json", or
 * none at all; codes below 0x100 — at and above are JSON syntax errors). The JSON service's
 * messages are localised, so they are recognised by source and code, never by their words.
 */
import type * as vscode from 'vscode';

/** The source of the extension's schema diagnostics. */
export const SCHEMA_DIAGNOSTIC_SOURCE = 'Report schema';

const JSON_SOURCES: ReadonlySet<string | undefined> = new Set(['json', '', undefined]);
/** The JSON service's syntax error codes start here; schema problems are below. */
const JSON_SYNTAX_CODES = 0x100;

/** A diagnostic's code, whether given plain or as `{ value, target }`. */
export function codeOf(d: vscode.Diagnostic): string | number | undefined {
  return typeof d.code === 'object' ? d.code.value : d.code;
}

/** A schema problem from the JSON language service (not one of its syntax errors). */
export function isJsonSchemaDiagnostic(d: vscode.Diagnostic): boolean {
  const code = codeOf(d);
  return JSON_SOURCES.has(d.source) && !(typeof code === 'number' && code >= JSON_SYNTAX_CODES);
}

/** A schema problem, the extension's or the JSON language service's. */
export function isSchemaDiagnostic(d: vscode.Diagnostic): boolean {
  return d.source === SCHEMA_DIAGNOSTIC_SOURCE || isJsonSchemaDiagnostic(d);
}

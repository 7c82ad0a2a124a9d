/**
 * The editor's own schema diagnostics: VS Code's JSON language service validates report files
 * against the shipped schema as the author types (source "json", or none at all; codes below
 * 0x100 — at and above are JSON syntax errors). Their messages are localised, so they are
 * recognised by source and code, never by their words.
 */
import type * as vscode from 'vscode';

const JSON_SOURCES: ReadonlySet<string | undefined> = new Set(['json', '', undefined]);
/** The JSON service's syntax error codes start here; schema problems are below. */
const JSON_SYNTAX_CODES = 0x100;

/** A diagnostic's code, whether given plain or as `{ value, target }`. */
export function codeOf(d: vscode.Diagnostic): string | number | undefined {
  return typeof d.code === 'object' ? d.code.value : d.code;
}

/** A schema problem from the JSON language service (not one of its syntax errors). */
export function isSchemaDiagnostic(d: vscode.Diagnostic): boolean {
  const code = codeOf(d);
  return JSON_SOURCES.has(d.source) && !(typeof code === 'number' && code >= JSON_SYNTAX_CODES);
}

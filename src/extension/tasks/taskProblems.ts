/**
 * The problems of the `report-studio` tasks, read from the lines their terminal prints with the
 * contributed `$report-studio` pattern (package.json, one declaration) — by the extension, not by
 * VS Code's problem matcher, because a matcher's problems stay until the task runs again. Here a
 * file's task problems go as soon as the file is edited (they describe the text the task read),
 * a run replaces the problems of the runs before it (as a matcher's would), and a problem at a
 * node the editor's schema check marks is left to it: one mistake, one problem.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { sameNode } from '../../core/loc/sameNode';
import { isSchemaDiagnostic } from '../diagnostics/schemaDiagnostics';
import { TASK_TYPE } from '../commands/commandIds';

/** Source of the task problems (`report-studio` is the matcher's, on a shell task's problems). */
const TASK_PROBLEM_SOURCE = `${TASK_TYPE} task`;

/** Colour codes a CLI may print around its lines. */
// eslint-disable-next-line no-control-regex -- the escape character is what is matched
const ANSI = /\x1b\[[0-9;]*m/g;

/** A JSON string, number or word at the problem's position: what its squiggle covers in an open editor. */
const TOKEN = /"(?:[^"\\]|\\.)*"|[-\w.+]+/;

/** The `$report-studio` matcher's regexp (groups file, line, column, severity, message), as package.json contributes it. */
function matcherPattern(extensionPath: string): RegExp {
  const manifest = JSON.parse(readFileSync(path.join(extensionPath, 'package.json'), 'utf8')) as {
    contributes: { problemMatchers: { name: string; pattern: { regexp: string } }[] };
  };
  const matcher = manifest.contributes.problemMatchers.find((m) => m.name === TASK_TYPE);
  if (!matcher) throw new Error(`package.json contributes no "${TASK_TYPE}" problem matcher`);
  return new RegExp(matcher.pattern.regexp);
}

interface FileProblems {
  uri: vscode.Uri;
  /** Everything the run reported for the file. */
  reported: vscode.Diagnostic[];
  /** What Problems shows of it; undefined until set. */
  published?: vscode.Diagnostic[];
}

export class TaskProblems implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('report-studio-tasks');
  private readonly files = new Map<string, FileProblems>();
  private readonly subscriptions: vscode.Disposable[];

  private pattern: RegExp | undefined;

  /** `extensionPath`: where the package.json with the contributed matcher is (read on the first line). */
  constructor(private readonly extensionPath: string) {
    this.subscriptions = [
      this.collection,
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.contentChanges.length > 0) this.forget(e.document.uri);
      }),
      vscode.languages.onDidChangeDiagnostics((e) => e.uris.forEach((uri) => this.publish(uri))),
    ];
  }

  /** A run starts: the problems of the runs before it go. */
  startRun(): void {
    this.files.clear();
    this.collection.clear();
  }

  /** One line the task printed; `cwd` is the folder its relative file names start from. */
  line(text: string, cwd: string): void {
    this.pattern ??= matcherPattern(this.extensionPath);
    const m = this.pattern.exec(text.replace(ANSI, '').trimEnd());
    if (!m) return;
    const [, file, line, column, severity, message] = m;
    const uri = vscode.Uri.file(path.resolve(cwd, file));
    const at = new vscode.Position(Math.max(0, Number(line) - 1), Math.max(0, Number(column) - 1));
    const open = this.document(uri);
    const diagnostic = new vscode.Diagnostic(
      open?.getWordRangeAtPosition(at, TOKEN) ?? new vscode.Range(at, at),
      message,
      severity === 'warning' ? vscode.DiagnosticSeverity.Warning : vscode.DiagnosticSeverity.Error,
    );
    diagnostic.source = TASK_PROBLEM_SOURCE;
    const key = uri.toString();
    const entry = this.files.get(key) ?? { uri, reported: [] };
    entry.reported.push(diagnostic);
    this.files.set(key, entry);
    this.publish(uri);
  }

  dispose(): void {
    this.subscriptions.forEach((s) => s.dispose());
  }

  /** The file changed: what the task said about it no longer describes it. */
  private forget(uri: vscode.Uri): void {
    if (!this.files.delete(uri.toString())) return;
    this.collection.delete(uri);
  }

  private publish(uri: vscode.Uri): void {
    const entry = this.files.get(uri.toString());
    if (!entry) return;
    const visible = this.notMarkedBySchema(entry);
    const before = entry.published;
    // Unchanged: not set again (setting fires onDidChangeDiagnostics, which comes back here).
    if (before && visible.length === before.length && visible.every((d, i) => d === before[i])) return;
    entry.published = visible;
    this.collection.set(uri, visible);
  }

  /** The reported problems but those at a node the editor's schema check marks (only an open file has those). */
  private notMarkedBySchema({ uri, reported }: FileProblems): vscode.Diagnostic[] {
    const document = this.document(uri);
    const schema = document ? vscode.languages.getDiagnostics(uri).filter(isSchemaDiagnostic) : [];
    // A copy: `reported` grows with the next line, and publish() compares with what it set.
    if (!document || schema.length === 0) return [...reported];
    const offsets = (r: vscode.Range) => ({ start: document.offsetAt(r.start), end: document.offsetAt(r.end) });
    const marked = schema.map((d) => offsets(d.range));
    return reported.filter((d) => !marked.some((m) => sameNode(offsets(d.range), m)));
  }

  private document(uri: vscode.Uri): vscode.TextDocument | undefined {
    return vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  }
}

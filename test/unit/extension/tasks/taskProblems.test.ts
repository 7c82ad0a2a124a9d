// The report-studio tasks' problems (src/extension/tasks/taskProblems.ts) with the vscode stub:
// the CLI's lines (split across chunks, coloured or not) become problems at their line and
// column; a run replaces the runs before; an edit of a file clears its problems; a problem at a
// node the editor's schema check marks is left to it.
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { LineIndex } from '../../../../src/core/loc/lineIndex';
import {
  createVscodeStub,
  installVscodeStub,
  TestDiagnostic as Diagnostic,
  TestEventEmitter as EventEmitter,
  TestPosition as Position,
  TestRange as Range,
  TestUri,
} from '../../../helpers/vscodeStub';
import { REPO_ROOT } from '../../../helpers/extensionBundle';

type ProblemsModule = typeof import('../../../../src/extension/tasks/taskProblems');
type TerminalModule = typeof import('../../../../src/extension/tasks/cliTerminal');
type Listener<T> = (e: T) => void;

describe('extension: the problems of the report-studio tasks', () => {
  let problems: ProblemsModule;
  let terminal: TerminalModule;
  let uninstall: () => void;
  const shown = new Map<string, Diagnostic[]>();
  const schema = new Map<string, Diagnostic[]>();
  const changed: Array<Listener<unknown>> = [];
  const diagnosticsChanged: Array<Listener<{ uris: TestUri[] }>> = [];
  const openDocuments: unknown[] = [];

  before(() => {
    const stub = createVscodeStub();
    const v = stub.module as Record<string, unknown>;
    Object.assign(v, { Position, Range, Diagnostic, EventEmitter, Uri: TestUri, DiagnosticSeverity: { Error: 0, Warning: 1 } });
    v.languages = {
      createDiagnosticCollection: () => ({
        set: (uri: TestUri, list: Diagnostic[]) => void shown.set(uri.toString(), [...list]), // VS Code keeps a copy
        delete: (uri: TestUri) => void shown.delete(uri.toString()),
        clear: () => shown.clear(),
        dispose: () => undefined,
      }),
      onDidChangeDiagnostics: (l: Listener<{ uris: TestUri[] }>) => (diagnosticsChanged.push(l), { dispose: () => undefined }),
      getDiagnostics: (uri: TestUri) => [...(schema.get(uri.toString()) ?? []), ...(shown.get(uri.toString()) ?? [])],
    };
    v.workspace = {
      textDocuments: openDocuments,
      onDidChangeTextDocument: (l: Listener<unknown>) => (changed.push(l), { dispose: () => undefined }),
    };
    uninstall = installVscodeStub(stub);
    /* eslint-disable @typescript-eslint/no-require-imports -- loaded after the vscode stub is in place */
    problems = require('../../../../src/extension/tasks/taskProblems');
    terminal = require('../../../../src/extension/tasks/cliTerminal');
    /* eslint-enable @typescript-eslint/no-require-imports */
  });
  after(() => uninstall());
  beforeEach(() => {
    shown.clear();
    schema.clear();
    changed.length = 0;
    diagnosticsChanged.length = 0;
    openDocuments.length = 0;
  });

  const uriOf = (file: string) => TestUri.file(path.resolve('/w', file)).toString();
  const at = (list: readonly Diagnostic[] | undefined) =>
    (list ?? []).map((d) => `${d.range.start.line}:${d.range.start.character} ${d.severity === 0 ? 'error' : 'warning'} ${d.message}`);

  /** Runs a scripted CLI in a task terminal whose lines go to `tasks`. */
  async function runTask(tasks: InstanceType<ProblemsModule['TaskProblems']>, chunks: string[]): Promise<void> {
    const t = new terminal.CliTerminal({
      cwd: '/w',
      env: {},
      plan: async () => [['validate', '.']],
      runCli: () => async (_argv, io) => {
        for (const c of chunks) io.stdout.write(c);
        return 1;
      },
      onStart: () => tasks.startRun(),
      onLine: (line) => tasks.line(line, '/w'),
    });
    t.open();
    await t.finished;
  }

  it("turns the CLI's lines into problems at their line and column, however the output is chunked; the next run replaces them", async () => {
    const tasks = new problems.TaskProblems(REPO_ROOT);
    await runTask(tasks, [
      'a.report.json:2:5: err',
      'or: Unknown component type "Crad" [union_tag_invalid] (components[0])\nb.report.json:1:1: warning: \x1b[33mx\x1b[0m [w] (p)\n',
      'a.report.json:3:1: error: second\n',
    ]);
    assert.deepEqual(at(shown.get(uriOf('a.report.json'))), [
      '1:4 error Unknown component type "Crad" [union_tag_invalid] (components[0])',
      '2:0 error second',
    ]);
    assert.deepEqual(at(shown.get(uriOf('b.report.json'))), ['0:0 warning x [w] (p)']);
    assert.equal(shown.get(uriOf('a.report.json'))?.[0].source, 'report-studio task');
    await runTask(tasks, ['b.report.json:4:1: error: again\n']);
    assert.equal(shown.get(uriOf('a.report.json')), undefined, 'a run replaces the runs before');
    assert.deepEqual(at(shown.get(uriOf('b.report.json'))), ['3:0 error again']);
    tasks.dispose();
  });

  it("an edit of a file clears its task problems, not the other files'", async () => {
    const tasks = new problems.TaskProblems(REPO_ROOT);
    await runTask(tasks, ['a.report.json:1:1: error: one\n', 'b.report.json:1:1: error: two\n']);
    for (const l of changed) l({ document: { uri: TestUri.file('/w/a.report.json') }, contentChanges: [] });
    assert.equal(shown.get(uriOf('a.report.json'))?.length, 1, 'an event without changes (a save, say) changes nothing');
    for (const l of changed) l({ document: { uri: TestUri.file('/w/a.report.json') }, contentChanges: [{ text: ' ' }] });
    assert.equal(shown.get(uriOf('a.report.json')), undefined);
    assert.equal(shown.get(uriOf('b.report.json'))?.length, 1);
    tasks.dispose();
  });

  it("a problem at a node the editor's schema check marks is left to it, while it marks it", async () => {
    const text = '{\n  "type": "Report",\n  "components": [ { "type": "Crad" } ]\n}\n';
    const lines = new LineIndex(text);
    const uri = TestUri.file('/w/a.report.json');
    openDocuments.push({
      uri,
      offsetAt: (p: Position) => lines.offsetAt(p),
      getWordRangeAtPosition: (p: Position) => new Range(p, new Position(p.line, p.character + 6)),
    });
    const crad = lines.positionAt(text.indexOf('"Crad"'));
    schema.set(uri.toString(), [Object.assign(new Diagnostic(new Range(crad, crad), 'Value is not accepted.', 1), { source: 'json' })]);
    const tasks = new problems.TaskProblems(REPO_ROOT);
    await runTask(tasks, [
      `a.report.json:${crad.line + 1}:${crad.character + 1}: error: Unknown component type "Crad"\n`,
      'a.report.json:1:1: error: other\n',
    ]);
    assert.deepEqual(at(shown.get(uri.toString())), ['0:0 error other']);
    schema.delete(uri.toString());
    for (const l of diagnosticsChanged) l({ uris: [uri] });
    assert.equal(shown.get(uri.toString())?.length, 2, 'back once the schema no longer marks it');
    tasks.dispose();
  });
});

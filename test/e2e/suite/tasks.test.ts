// The `report-studio` tasks and the `$report-studio` problem matcher (docs/extension.md, _Tasks_):
// the provider offers "validate all reports" and "build this report offline"; running them prints
// the CLI's own lines, which the extension (with the matcher's pattern) turns into Problems at exactly the line and column the
// CLI prints (taken from `node dist/cli.js validate .` run here); the build writes a PDF that
// reads back; and tasks.json entries — one of the type with a glob, one a plain shell task running
// the real CLI with `"problemMatcher": "$report-studio"` — fill Problems the same way.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import * as vscode from 'vscode';
import { describeDiagnostic, rangeOf, REPO_ROOT, waitFor, waitForDiagnostics } from './helpers';
import { cleanUp, readPdfFile } from './studio';
import { screenshot, ui, uiDriverUrl } from './viewerKit';

const TYPE = 'report-studio';
const CLI = path.join(REPO_ROOT, 'dist', 'cli.js');
/** The matcher as the installed manifest contributes it. */
const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
const PATTERN = new RegExp(manifest.contributes.problemMatchers[0].pattern.regexp);

/** A report with an error the service would reject and an icon only the editor's schema knows nothing of. */
const ICONS = (padding: string): string => `${padding}{
  "type": "Report",
  "options": { "report_title": "Icons" },
  "components": [
    { "type": "Section", "options": { "section_title": "A", "icon": "no-such-icon-name" }, "components": [
      { "type": "Card", "options": { "title": "Revenue" } }
    ] }
  ]
}
`;
const ICONS_WARNING_ONLY = ICONS('').replace('{ "title": "Revenue" }', '{ "title": "Revenue", "value": 1 }');

interface CliProblem {
  file: string;
  line: number;
  column: number;
  severity: 'error' | 'warning';
  message: string;
}

/** What `report-studio validate` prints for `args` in the folder, as the matcher's groups. */
function cliProblems(cwd: string, ...args: string[]): CliProblem[] {
  const run = spawnSync(process.execPath, [CLI, 'validate', ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
  });
  assert.equal(run.status, 1, `the CLI: ${run.stderr}`);
  return run.stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const m = PATTERN.exec(line);
      assert.ok(m, `a CLI line the matcher does not read: ${line}`);
      return { file: m[1], line: Number(m[2]), column: Number(m[3]), severity: m[4] as CliProblem['severity'], message: m[5] };
    });
}

const severityOf = { error: vscode.DiagnosticSeverity.Error, warning: vscode.DiagnosticSeverity.Warning };
/** A problem of a task run by the extension (source `report-studio task`), or of the matcher on a shell task (`report-studio`). */
const ofOurTask = (d: vscode.Diagnostic): boolean => d.source === `${TYPE} task`;
const fromTask = (d: vscode.Diagnostic): boolean => d.source === TYPE || ofOurTask(d);
/** Ours, or the editor's schema check's where the file is still open (the task's is then left to it: one mistake, one problem). */
const taskOrSchema = (d: vscode.Diagnostic): boolean => ofOurTask(d) || d.source === 'Report schema';

/** Waits until Problems holds, for each file, exactly the CLI's problems from a task (source report-studio). */
async function expectProblems(folder: string, expected: CliProblem[]): Promise<void> {
  for (const file of new Set(expected.map((p) => p.file))) {
    const want = expected.filter((p) => p.file === file);
    const has = (ds: readonly vscode.Diagnostic[], p: CliProblem): boolean =>
      ds.some(
        (d) =>
          d.range.start.line === p.line - 1 &&
          d.range.start.character === p.column - 1 &&
          d.severity === severityOf[p.severity] &&
          d.message === p.message,
      );
    await waitForDiagnostics(vscode.Uri.file(path.join(folder, file)), `the CLI's ${want.length} problem(s) of ${file}`, (all) => {
      const ds = all.filter(fromTask);
      return ds.length === want.length && want.every((p) => has(ds, p));
    });
  }
}

/** Runs the task; resolves with its exit code when its process (or pseudoterminal) ends. */
function execute(task: vscode.Task, timeoutMs = 90_000): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const done = (result: () => void): void => {
      clearTimeout(timer);
      ended.dispose();
      result();
    };
    const timer = setTimeout(() => done(() => reject(new Error(`task "${task.name}" did not end in ${timeoutMs} ms`))), timeoutMs);
    const ended = vscode.tasks.onDidEndTaskProcess((e) => {
      if (e.execution.task.name === task.name && e.execution.task.source === task.source) done(() => resolve(e.exitCode));
    });
    vscode.tasks.executeTask(task).then(undefined, (error: unknown) => done(() => reject(error)));
  });
}

/**
 * A task by name: of the type, or any (a tasks.json shell task is not found by its type). VS Code
 * reads a tasks.json written meanwhile a moment later, so its entries are waited for.
 */
async function fetchTask(name: string, ofType: string | 'any' = TYPE): Promise<vscode.Task> {
  return waitFor(`the task "${name}"`, async () => {
    const tasks = await vscode.tasks.fetchTasks(ofType === 'any' ? undefined : { type: ofType });
    const task = tasks.find((t) => t.name === name);
    if (!task) throw new Error(`tasks now: ${JSON.stringify(tasks.map((t) => t.name))}`);
    return task;
  });
}

describe('tasks: report-studio validate and build with the $report-studio problem matcher', function () {
  this.timeout(180_000);
  let folder: vscode.WorkspaceFolder;
  let root: string;
  let scratch: string;
  let tasksJson: string;

  before(async () => {
    folder = vscode.workspace.workspaceFolders![0];
    root = folder.uri.fsPath;
    scratch = path.join(root, 'tasks-e2e');
    fs.mkdirSync(scratch, { recursive: true });
    fs.writeFileSync(path.join(scratch, 'icons.report.json'), ICONS(''));
    // Never opened: its task problems are not left to the editor's schema check.
    fs.writeFileSync(path.join(scratch, 'unopened.report.json'), ICONS_WARNING_ONLY);
    fs.copyFileSync(path.join(root, 'examples', 'invoice.report.json'), path.join(scratch, 'invoice.report.json'));
    // The tasks.json a user would write: an entry of the type (resolved by the provider) and a
    // plain shell task running the real CLI, both read by the contributed matcher.
    tasksJson = path.join(root, '.vscode', 'tasks.json');
    fs.mkdirSync(path.dirname(tasksJson), { recursive: true });
    const shellTask = {
      label: 'validate in a shell',
      type: 'shell',
      command: process.execPath,
      args: [CLI, 'validate', 'tasks-e2e'],
      options: { env: { ELECTRON_RUN_AS_NODE: '1' } },
      problemMatcher: '$report-studio',
    };
    const typed = { label: 'validate the scratch reports', type: TYPE, command: 'validate', files: ['tasks-e2e/*.report.json'] };
    fs.writeFileSync(tasksJson, JSON.stringify({ version: '2.0.0', tasks: [shellTask, typed] }, null, 2));
  });

  after(async () => {
    await cleanUp();
    for (const terminal of vscode.window.terminals) terminal.dispose();
    fs.rmSync(scratch, { recursive: true, force: true });
    fs.rmSync(path.dirname(tasksJson), { recursive: true, force: true });
  });

  it('offers "validate all reports" for the folder and "build this report offline" for the active report', async () => {
    const invoice = await vscode.workspace.openTextDocument(path.join(scratch, 'invoice.report.json'));
    await vscode.window.showTextDocument(invoice);
    const tasks = await vscode.tasks.fetchTasks({ type: TYPE });
    const byName = new Map(tasks.map((t) => [t.name, t]));
    const validate = byName.get('validate all reports');
    const build = byName.get('build this report offline');
    assert.ok(validate && build, `tasks offered: ${JSON.stringify([...byName.keys()])}`);
    assert.deepEqual(validate.definition, { type: TYPE, command: 'validate' });
    assert.deepEqual(build.definition, { type: TYPE, command: 'build', files: ['tasks-e2e/invoice.report.json'], offline: true });
    for (const task of [validate, build]) {
      assert.equal((task.scope as vscode.WorkspaceFolder).uri.toString(), folder.uri.toString(), task.name);
      // No matcher: the extension reads the lines itself, so a file's task problems go when it changes.
      assert.deepEqual(task.problemMatchers, [], task.name);
      assert.equal(task.group?.id, vscode.TaskGroup.Build.id, task.name);
      assert.ok(task.execution instanceof vscode.CustomExecution, task.name);
    }
    await fetchTask('validate the scratch reports'); // the tasks.json entry of the type, resolved
  });

  it('"validate all reports" puts the problems the CLI prints in Problems, at its lines and columns, and ends with exit code 1', async () => {
    const expected = cliProblems(root, '.');
    assert.ok(
      expected.some((p) => p.severity === 'warning'),
      `the CLI prints warnings (an unknown icon): ${JSON.stringify(expected)}`,
    );
    assert.equal(await execute(await fetchTask('validate all reports')), 1);
    await expectProblems(root, expected);
    // The broken fixture's Card that lacks "value": on its "options" key, as the editor marks it.
    const brokenUri = vscode.Uri.file(path.join(root, 'broken', 'broken.report.json'));
    const missing = vscode.languages.getDiagnostics(brokenUri).filter(fromTask);
    const brokenText = fs.readFileSync(brokenUri.fsPath, 'utf8');
    const keyAt = findNodeAtLocation(parseTree(brokenText)!, ['components', 0, 'components', 0, 'options'])!.parent!.offset;
    const keyLine = brokenText.slice(0, keyAt).split('\n').length - 1;
    assert.ok(
      missing.some((d) => d.range.start.line === keyLine && d.severity === vscode.DiagnosticSeverity.Error && /"value"/.test(d.message)),
      missing.map(describeDiagnostic).join('\n'),
    );
    // Opened, the editor's schema check marks the same node: one mistake, one problem (the schema's).
    const broken = await vscode.workspace.openTextDocument(brokenUri);
    await vscode.window.showTextDocument(broken);
    const key = rangeOf(broken, ['components', 0, 'components', 0, 'options'], 'key');
    const one = await waitForDiagnostics(
      brokenUri,
      'the task problem left to the schema',
      (ds) => ds.some((d) => !fromTask(d) && d.range.isEqual(key)) && !ds.some((d) => fromTask(d) && d.range.start.isEqual(key.start)),
    );
    assert.equal(one.filter((d) => d.range.start.isEqual(key.start)).length, 1, one.map(describeDiagnostic).join('\n'));
    const icon = vscode.languages.getDiagnostics(vscode.Uri.file(path.join(scratch, 'icons.report.json'))).filter(fromTask);
    assert.ok(
      icon.some((d) => d.severity === vscode.DiagnosticSeverity.Warning && /no-such-icon-name/.test(d.message)),
      icon.map(describeDiagnostic).join('\n'),
    );
  });

  it("a file's task problems go as soon as the file is edited; the other files' stay", async () => {
    const icons = vscode.Uri.file(path.join(scratch, 'icons.report.json'));
    // The broken fixture, open, has every task problem left to the schema check, which marks each
    // (it prints what `validate` prints): the file never opened shows its own.
    const unopened = vscode.Uri.file(path.join(scratch, 'unopened.report.json'));
    const warning = await waitForDiagnostics(icons, 'the icon warning from the task', (ds) =>
      ds.some((d) => fromTask(d) && /no-such-icon-name/.test(d.message)),
    );
    const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(icons));
    assert.ok(await editor.edit((b) => b.insert(new vscode.Position(0, 0), ' ')));
    await waitForDiagnostics(icons, 'no task problem on the edited file', (ds) => !ds.some(fromTask));
    assert.ok(warning.some(fromTask));
    assert.ok(vscode.languages.getDiagnostics(unopened).some(fromTask), 'the unedited file keeps its task problems');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('"build this report offline" writes the PDF next to the report, leaving the report as it was', async () => {
    const report = path.join(scratch, 'invoice.report.json');
    const before = fs.readFileSync(report, 'utf8');
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(report));
    assert.equal(await execute(await fetchTask('build this report offline')), 0);
    const pdf = await readPdfFile(path.join(scratch, 'invoice.pdf'));
    assert.ok(pdf.pageCount >= 1, `${pdf.pageCount} pages`);
    assert.match(pdf.text, /Invoice INV-2024-0117/);
    assert.equal(fs.readFileSync(report, 'utf8'), before);
  });

  it('"build this report offline" prints the quota in the status bar\'s words and numbers, and no storage path', async function () {
    if (!uiDriverUrl) this.skip();
    // The DOM renderer, so the terminal's rows can be read back.
    const terminalConfig = vscode.workspace.getConfiguration('terminal.integrated');
    await terminalConfig.update('gpuAcceleration', 'off', vscode.ConfigurationTarget.Global);
    try {
      for (const terminal of vscode.window.terminals) terminal.dispose();
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(path.join(scratch, 'invoice.report.json')));
      assert.equal(await execute(await fetchTask('build this report offline')), 0);
      const output = await waitFor('the quota line in the task terminal', async () => {
        const rows = await ui<Array<{ text: string }>>('workbenchRead', { selector: '.xterm-rows:visible' });
        const text = rows.map((r) => r.text).join('\n');
        return /Quota left: .*\(local\)/.test(text) ? text : undefined;
      });
      const words = /Quota left: (\d+ single · \d+ multi \(local\))/.exec(output)?.[1];
      assert.ok(words, output);
      assert.match(output, /report-studio build tasks-e2e\/invoice\.report\.json --offline/);
      for (const internal of ['--data-dir', 'task-service', 'workspaceStorage', 'globalStorage', 'User/']) {
        assert.ok(!output.includes(internal), `the task output names no internal path (${internal}): ${output}`);
      }
      // The status bar fetches the numbers the task spent, and shows them in the same words.
      await waitFor(`the status bar showing "${words}"`, async () => {
        const items = await ui<Array<{ text: string }>>('workbenchRead', { selector: '.statusbar-item' });
        return items.some((i) => i.text.includes(words));
      });
      await screenshot('task-quota');
    } finally {
      await terminalConfig.update('gpuAcceleration', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('a tasks.json shell task running `node dist/cli.js validate` with "$report-studio" fills Problems too', async () => {
    // Two lines further down than the provider's task saw them: these can only come from this run.
    fs.writeFileSync(path.join(scratch, 'icons.report.json'), ICONS('\n\n'));
    const expected = cliProblems(root, 'tasks-e2e');
    assert.ok(expected.length >= 2 && expected.every((p) => p.line > 2), JSON.stringify(expected));
    assert.equal(await execute(await fetchTask('validate in a shell', 'any')), 1);
    await expectProblems(root, expected);
  });

  it('a tasks.json entry of the type (a glob of files) runs through the provider; a clean run clears the problems', async () => {
    fs.writeFileSync(path.join(scratch, 'icons.report.json'), ICONS_WARNING_ONLY);
    assert.equal(await execute(await fetchTask('validate the scratch reports')), 0, 'warnings alone do not fail the run');
    const icons = vscode.Uri.file(path.join(scratch, 'icons.report.json'));
    const [warning] = await waitForDiagnostics(
      icons,
      'the icon warning alone',
      (ds) => ds.filter(taskOrSchema).length === 1 && ds.filter(taskOrSchema)[0].severity === vscode.DiagnosticSeverity.Warning,
    ).then((ds) => ds.filter(taskOrSchema));
    assert.equal(warning.range.start.line, 4, describeDiagnostic(warning));
    // The broken fixture's problems came from an earlier run: this run, which did not report
    // them, cleared them. (The shell task's are VS Code's matcher's: its next run replaces them.)
    await waitForDiagnostics(vscode.Uri.file(path.join(root, 'broken', 'broken.report.json')), 'no report-studio task problems', (ds) =>
      ds.every((d) => !ofOurTask(d)),
    );
  });
});

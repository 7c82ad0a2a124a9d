// The `report-studio` task type as data (src/core/tasks/reportTask.ts): what a definition from
// tasks.json may say, and the CLI command lines a task runs.
import { strict as assert } from 'node:assert';
import {
  commandLine,
  isGlob,
  parseReportTaskDefinition,
  reportTaskRuns,
  terminalText,
  type ReportTaskSpec,
} from '../../../../src/core/tasks/reportTask';

const spec = (s: Partial<ReportTaskSpec>): ReportTaskSpec => ({ command: 'validate', files: [], offline: true, ...s });

describe('core: report-studio task definitions', () => {
  it('takes command, files and offline, offline by default', () => {
    assert.deepEqual(parseReportTaskDefinition({ type: 'report-studio', command: 'validate' }), spec({}));
    assert.deepEqual(parseReportTaskDefinition({ type: 'report-studio', command: 'build', files: ['a.report.json'], offline: false }), {
      command: 'build',
      files: ['a.report.json'],
      offline: false,
    });
  });

  it('says what is wrong with a hand-written definition', () => {
    const problem = (d: Record<string, unknown>): string => (parseReportTaskDefinition(d) as { problem: string }).problem;
    assert.equal(problem({ command: 'preview' }), '"command" must be "validate" or "build", not "preview"');
    assert.equal(problem({}), '"command" must be "validate" or "build", not missing');
    assert.match(problem({ command: 'build', files: 'a.report.json' }), /"files" must be a list/);
    assert.match(problem({ command: 'build', files: [''] }), /"files" must be a list/);
    assert.equal(problem({ command: 'build', offline: 'yes' }), '"offline" must be true or false');
  });

  it('validates the whole folder, or every file named, in one run', () => {
    assert.deepEqual(reportTaskRuns(spec({}), []), [['validate', '.']]);
    assert.deepEqual(reportTaskRuns(spec({}), ['a b.report.json', '-x.report.json', 'reports']), [
      ['validate', 'a b.report.json', './-x.report.json', 'reports'],
    ]);
  });

  it('builds each report in a run of its own, offline as a user would type it (no data folder), the PDF never over the report', () => {
    assert.deepEqual(reportTaskRuns(spec({ command: 'build' }), ['r/q3.report.json', 'r/q4.report.jsonc']), [
      ['build', 'r/q3.report.json', '--offline'],
      ['build', 'r/q4.report.jsonc', '--offline'],
    ]);
    assert.deepEqual(reportTaskRuns(spec({ command: 'build', offline: false }), ['q3.pdf']), [['build', 'q3.pdf', '--output=q3.pdf.pdf']]);
  });

  it('tells globs from paths', () => {
    for (const g of ['**/*.report.json', 'r/q?.report.json', 'r/{a,b}.report.json', 'r/[ab].report.json']) assert.ok(isGlob(g), g);
    for (const p of ['reports', 'r/q3.report.json', 'C:\\r\\q3.report.json', 'my reports/q3 (old).report.json']) assert.ok(!isGlob(p), p);
  });

  it('echoes the command as a shell would take it, and turns line breaks into CR LF for the terminal', () => {
    assert.equal(commandLine(['validate', '.']), 'report-studio validate .');
    assert.equal(
      commandLine(['validate', 'my reports/q3 "v2".report.json']),
      'report-studio validate "my reports/q3 \\"v2\\".report.json"',
    );
    assert.equal(terminalText('a\nb\r\nc\n'), 'a\r\nb\r\nc\r\n');
  });
});

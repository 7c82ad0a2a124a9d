// `--format github`: problems as GitHub Actions workflow commands, escaped as the runner reads them.
import { strict as assert } from 'node:assert';
import { PassThrough } from 'node:stream';
import { escapeData, escapeProperty, githubAnnotation, workflowCommand, workspacePath } from '../../../src/cli/githubFormat';
import { Output } from '../../../src/cli/output';
import type { Problem } from '../../../src/cli/output';

const at = (line: number, character: number) => ({ line, character });

/** An Output over streams whose stdout text is kept. */
function capture(env: NodeJS.ProcessEnv, cwd: string, format?: 'github'): { out: Output; text: () => string } {
  const stdout = new PassThrough();
  let text = '';
  stdout.on('data', (c: Buffer) => (text += c.toString('utf8')));
  return { out: new Output({ stdout, stderr: new PassThrough(), env, cwd }, false, false, format), text: () => text };
}

function problem(extra: Partial<Problem> = {}): Problem {
  return {
    range: { start: 10, end: 19 },
    start: at(5, 25),
    end: at(5, 34),
    message: 'Missing required option "value" in Card options',
    type: 'required',
    path: 'components[0].options.value',
    loc: ['components', 0, 'options', 'value'],
    exact: true,
    ...extra,
  };
}

describe('CLI --format github', () => {
  it('escapes data: % first, then CR and LF', () => {
    assert.equal(escapeData('100%\r\nnext %0A'), '100%25%0D%0Anext %250A');
    assert.equal(escapeData('a: b, c'), 'a: b, c', 'colons and commas are fine in the message');
  });

  it('escapes property values: also : and ,', () => {
    assert.equal(escapeProperty('C:\\r,1%\n'), 'C%3A\\r%2C1%25%0A');
  });

  it('builds ::command key=value,…::message, properties in the given order', () => {
    assert.equal(workflowCommand('warning', {}, 'plain'), '::warning::plain');
    assert.equal(
      workflowCommand('error', { file: 'a,b:c.report.json', line: 3 }, 'x::y\nz'),
      '::error file=a%2Cb%3Ac.report.json,line=3::x::y%0Az',
    );
  });

  it('an annotation carries file, 1-based line and column, end, title and severity', () => {
    assert.equal(
      githubAnnotation('r.report.json', { line: 6, column: 26, endLine: 6, endColumn: 35, severity: 'warning', type: 'required' }, 'msg'),
      '::warning file=r.report.json,line=6,col=26,endLine=6,endColumn=35,title=report-studio%3A required::msg',
    );
  });

  it('names the file relative to GITHUB_WORKSPACE when it lies inside it', () => {
    assert.equal(workspacePath('reports/q3.report.json', '/repo', '/repo'), 'reports/q3.report.json');
    assert.equal(workspacePath('q3.report.json', '/repo/reports', '/repo'), 'reports/q3.report.json');
    assert.equal(workspacePath('/elsewhere/q3.report.json', '/repo', '/repo'), '/elsewhere/q3.report.json');
    assert.equal(workspacePath('../q3.report.json', '/repo', '/repo'), '../q3.report.json');
    assert.equal(workspacePath('q3.report.json', '/repo/reports', undefined), 'q3.report.json');
  });

  it('Output prints one workflow command per problem; a server’s text cannot end it or add a line', () => {
    const { out, text } = capture({ GITHUB_WORKSPACE: '/repo' }, '/repo/reports', 'github');
    out.diagnostics('q3.report.json', [
      problem(),
      problem({ severity: 'warning', message: 'forged\n::error file=x,line=1::boom 100%', type: 'bad,type', path: 'a:b' }),
    ]);
    assert.deepEqual(text().split('\n'), [
      '::error file=reports/q3.report.json,line=6,col=26,endLine=6,endColumn=35,title=report-studio%3A required::Missing required option "value" in Card options [required] (components[0].options.value)',
      '::warning file=reports/q3.report.json,line=6,col=26,endLine=6,endColumn=35,title=report-studio%3A bad%2Ctype::forged ::error file=x,line=1::boom 100%25 [bad,type] (a:b)',
      '',
    ]);
  });

  it('the text format says warning: for warnings and error: otherwise', () => {
    const { out, text } = capture({}, '/repo');
    out.diagnostics('q3.report.json', [problem(), problem({ severity: 'warning' })]);
    const matcher = /^(.*):(\d+):(\d+): (error|warning): (.*)$/;
    assert.deepEqual(
      text()
        .trim()
        .split('\n')
        .map((l) => matcher.exec(l)?.slice(1, 5)),
      [
        ['q3.report.json', '6', '26', 'error'],
        ['q3.report.json', '6', '26', 'warning'],
      ],
    );
  });
});

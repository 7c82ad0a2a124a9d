// The `$report-studio` problem matcher (package.json `contributes.problemMatchers`) against the
// lines the CLI really prints: `report-studio validate` run in-process on files whose names have
// spaces and colons, each stdout line matched with the manifest's own regexp (as VS Code builds
// it: `new RegExp(source)`) and its groups compared with the same run's --json answer; the
// formatter's lines for Windows drive paths; and lines that must not match. The matcher is only
// a string in the manifest, so this is what keeps it and the CLI's formatter from drifting.
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { TASK_TYPE } from '../../../src/extension/commands/commandIds';
import { runCli } from '../../../src/cli/main';
import { formatDiagnostic } from '../../../src/cli/output';
import type { SourceDiagnostic } from '../../../src/core/loc/diagnostics';

const ROOT = join(__dirname, '..', '..', '..');
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const matcher = manifest.contributes.problemMatchers.find((m: { name: string }) => m.name === 'report-studio');

interface Match {
  file: string;
  line: number;
  column: number;
  severity: string;
  message: string;
}

/** The line as VS Code's matcher reads it, or undefined. */
function match(line: string): Match | undefined {
  const m = new RegExp(matcher.pattern.regexp).exec(line);
  if (!m) return undefined;
  const p = matcher.pattern;
  return { file: m[p.file], line: Number(m[p.line]), column: Number(m[p.column]), severity: m[p.severity], message: m[p.message] };
}

async function cli(argv: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const text = { stdout: '', stderr: '' };
  const stream = (key: 'stdout' | 'stderr'): PassThrough => {
    const s = new PassThrough();
    s.on('data', (c: Buffer) => (text[key] += c.toString('utf8')));
    return s;
  };
  const code = await runCli(argv, { stdout: stream('stdout'), stderr: stream('stderr'), env: {}, cwd }, new AbortController().signal);
  await new Promise((r) => setImmediate(r));
  return { code, ...text };
}

const BROKEN = `{
  "type": "Report",
  "options": { "report_title": "Q3" },
  "config": { "colour_theme": "rainbow" },
  "components": [
    { "type": "Section", "options": { "section_title": "A", "icon": "no-such-icon-name" }, "components": [
      { "type": "Card", "options": { "title": "Revenue" } }
    ] }
  ]
}
`;

describe('the $report-studio problem matcher', () => {
  let dir = '';
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'rs-matcher-'));
    mkdirSync(join(dir, 'my reports', 'q3: draft'), { recursive: true });
    writeFileSync(join(dir, 'my reports', 'q3: draft', 'sales 2:1.report.json'), BROKEN);
    writeFileSync(join(dir, 'my reports', 'syntax.report.jsonc'), '{\n  "type": "Report",\n  "options": { "report_title": "x" ,, }\n}\n');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('is contributed as $report-studio: owner and source report-studio, paths relative to the folder or absolute', () => {
    assert.equal(matcher.name, TASK_TYPE, 'tasks name it $report-studio');
    assert.equal(matcher.owner, 'report-studio');
    assert.equal(matcher.source, 'report-studio');
    assert.deepEqual(matcher.fileLocation, ['autoDetect', '${workspaceFolder}']);
    assert.deepEqual(
      manifest.contributes.taskDefinitions.map((d: { type: string }) => d.type),
      [TASK_TYPE],
    );
  });

  it('reads every problem line `report-studio validate` prints, at the line and column its --json gives', async () => {
    const text = await cli(['validate', 'my reports'], dir);
    const json = await cli(['validate', '--json', 'my reports'], dir);
    assert.equal(text.code, 1, text.stderr);
    const expected = (JSON.parse(json.stdout).files as Array<{ diagnostics: Array<Record<string, unknown>> }>).flatMap(
      (f) => f.diagnostics,
    );
    const lines = text.stdout.trimEnd().split('\n');
    assert.equal(lines.length, expected.length, text.stdout);
    assert.ok(lines.length >= 3, text.stdout);
    lines.forEach((line, i) => {
      const got = match(line);
      const want = expected[i];
      assert.ok(got, `not matched: ${line}`);
      assert.deepEqual(
        { file: got.file, line: got.line, column: got.column, severity: got.severity },
        { file: want.file, line: want.line, column: want.column, severity: want.severity ?? 'error' },
      );
      assert.ok(got.message.startsWith(String(want.message)), got.message);
      assert.ok(got.message.endsWith(`[${want.type}]${want.path && want.path !== '(document)' ? ` (${want.path})` : ''}`), got.message);
    });
    const files = new Set(lines.map((l) => match(l)?.file));
    assert.deepEqual([...files].sort(), [
      join('my reports', 'q3: draft', 'sales 2:1.report.json'),
      join('my reports', 'syntax.report.jsonc'),
    ]);
  });

  it('reads warnings: the severity group is `warning`', async () => {
    const text = await cli(['validate', join('my reports', 'q3: draft')], dir);
    const warnings = text.stdout.split('\n').filter((l) => / warning: /.test(l));
    const literal = 'q3.report.json:6:63: warning: Unknown icon "no-such-icon-name" [enum] (components[0].options.icon)';
    for (const line of [...warnings, literal]) {
      const got = match(line);
      assert.equal(got?.severity, 'warning', line);
      assert.ok(!/^\d|:\d+$/.test(got.file), got.file);
    }
  });

  it('reads Windows drive paths, absolute paths with spaces and colons, and a message holding `file:1:2: error:`', () => {
    const d: SourceDiagnostic = {
      start: { line: 5, character: 25 },
      end: { line: 5, character: 34 },
      message: 'Missing required option "section_title" in Section options',
      type: 'missing',
      path: 'components[0].options.section_title',
    } as SourceDiagnostic;
    for (const file of [
      'C:\\Users\\me\\My Reports\\q3.report.json',
      'D:\\a:b\\x.report.jsonc',
      '/srv/my reports/q3: v2/x.report.json',
      'q3.report.json',
    ]) {
      const line = formatDiagnostic(file, d);
      assert.deepEqual(match(line), {
        file,
        line: 6,
        column: 26,
        severity: 'error',
        message: 'Missing required option "section_title" in Section options [missing] (components[0].options.section_title)',
      });
    }
    const forged = match('a.report.json:3:4: error: Input should be "x:1:2: error: y" [literal_error] (options.x)');
    assert.deepEqual([forged?.file, forged?.line, forged?.column], ['a.report.json', 3, 4]);
  });

  it('leaves the other lines of a run alone', () => {
    for (const line of [
      '> report-studio validate .',
      'report-studio: cannot read x.report.json: is a named pipe (FIFO), not a regular file',
      'report-studio: q3.report.json: 2 JSON syntax errors; nothing was sent',
      '6 files checked: 2 problems in 1 file',
      'examples/q3.pdf  (2 pages, 34.2 KB, 1.3 s)',
      'Quota left: 97 single · 20 multi (local)',
      'q3.report.json:4: error: no column',
      'q3.report.json:4:61: note: not a severity',
    ]) {
      assert.equal(match(line), undefined, line);
    }
  });
});

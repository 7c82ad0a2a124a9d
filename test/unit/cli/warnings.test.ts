/** Render notes as CLI warnings, --max-warnings, and what names and report text become in Markdown and JUnit XML. */
import { strict as assert } from 'node:assert';
import { junitXml, xmlSafe } from '../../../src/cli/batch/batchReports';
import type { ReportOutcome } from '../../../src/cli/batch/result';
import { CliError, EXIT } from '../../../src/cli/exitCodes';
import { markdownCode } from '../../../src/core/markdownText';
import { formatDiagnostic } from '../../../src/cli/output';
import { exitWithWarnings, maxWarningsOption, noteProblems, tooManyWarningsWords, warningVerdict } from '../../../src/cli/warnings';
import { strictJunitCases } from '../../helpers/strictXml';

const REPORT = `{
  "type": "Report",
  "options": { "report_title": "Q3" },
  "components": [
    { "type": "Text", "options": { "text": "a" } },
    {
      "type": "Section",
      "options": { "section_title": "Cut" },
      "components": []
    }
  ]
}
`;

describe('CLI: render notes as warnings', () => {
  it('a note is a warning at the component it is about (its "type"), printed as plain words and (kind)', () => {
    const [note, ...rest] = noteProblems(REPORT, [{ kind: 'overflow', path: ['components', 1], message: 'Section "Cut" did not fit.' }]);
    assert.equal(rest.length, 0);
    assert.equal(note.severity, 'warning');
    assert.equal(formatDiagnostic('q3.report.json', note), 'q3.report.json:7:7: warning: Section "Cut" did not fit. (overflow)');
    // A font replaced is information in the editor; in the CLI every note is a warning.
    const [font] = noteProblems(REPORT, [{ kind: 'font-fallback', path: ['options', 'report_title'], message: 'Font replaced.' }]);
    assert.equal(formatDiagnostic('q3.report.json', font), 'q3.report.json:3:32: warning: Font replaced. (font-fallback)');
  });

  it('--max-warnings takes a whole number ≥ 0; more warnings than that turn a clean run into exit 7, a failure keeps its code', () => {
    assert.equal(maxWarningsOption(undefined), undefined);
    assert.equal(maxWarningsOption('0'), 0);
    for (const bad of ['-1', '1.5', 'x', '']) {
      assert.throws(
        () => maxWarningsOption(bad),
        (e: unknown) => e instanceof CliError && e.message === `--max-warnings takes a whole number of warnings (0 or more), got "${bad}"`,
      );
    }
    const over = warningVerdict(3, 0);
    assert.equal(tooManyWarningsWords(over), '3 warnings found, more than --max-warnings 0 allows');
    assert.equal(exitWithWarnings(EXIT.ok, over), EXIT.warnings);
    assert.equal(exitWithWarnings(EXIT.network, over), EXIT.network);
    assert.equal(exitWithWarnings(EXIT.ok, warningVerdict(3, 3)), EXIT.ok);
    assert.equal(exitWithWarnings(EXIT.ok, warningVerdict(3, undefined)), EXIT.ok);
  });
});

describe('file names in Markdown tables (step summary, diff summary)', () => {
  it('a name is a code span: line breaks and controls as escapes, | escaped for the table, a fence longer than its backticks', () => {
    assert.equal(markdownCode('q3.report.json', { inTable: true }), '`q3.report.json`');
    assert.equal(markdownCode('a\n---\n@team <b>.report.json', { inTable: true }), '`a\\n---\\n@team <b>.report.json`');
    assert.equal(markdownCode('a|b.report.json', { inTable: true }), '`a\\|b.report.json`');
    assert.equal(markdownCode('x``y`.report.json', { inTable: true }), '```x``y`.report.json```');
    assert.equal(markdownCode('`x.report.json', { inTable: true }), '`` `x.report.json ``');
    assert.equal(markdownCode('del\x7f\u202egnp', { inTable: true }), '`del\\u007f\\u202egnp`');
  });
});

describe('CLI: JUnit XML', () => {
  it('xmlSafe: every ]]> is broken, controls, bidi overrides and lone surrogates are shown as escapes', () => {
    assert.equal(xmlSafe('a]]>b]]>c'), 'a]]\\u003eb]]\\u003ec');
    assert.equal(xmlSafe('x\x7f\u202e\x01\ud800y\ud83d\ude00\n'), 'x\\u007f\\u202e\\u0001\\ud800y\ud83d\ude00\n');
  });

  it('report text that closes CDATA twice, and names with DEL and RLO, still make one test case per report', () => {
    const forged = "X]]>Y]]></system-err></testcase><testcase name='all good'/><testcase name='z'><system-err><![CDATA[";
    const at = { line: 3, character: 4 };
    const problem = {
      range: { start: 0, end: 1 },
      start: at,
      end: at,
      type: 'union_tag_invalid',
      path: 'components[0]',
      loc: [],
      exact: true,
    };
    const outcome = (file: string, rest: Partial<ReportOutcome>): ReportOutcome => ({
      file,
      output: `/o/${file}.pdf`,
      outputGiven: '/o',
      state: 'built',
      exitCode: EXIT.ok,
      ms: 5,
      diagnostics: [],
      notes: [],
      ...rest,
    });
    const xml = junitXml({
      kind: 'build',
      jobs: 1,
      ms: 10,
      exitCode: 1,
      local: true,
      warnings: { count: 1, exceeded: false },
      outcomes: [
        outcome('del\x7f\u202egnp.report.json', {
          pages: 1,
          notes: [{ ...problem, message: `a ${forged}`, type: 'overflow', severity: 'warning', renderNote: true }],
        }),
        outcome('forged.report.json', {
          state: 'failed',
          exitCode: 1,
          error: { kind: 'validation', message: `the service rejected the report ${forged}` },
          diagnostics: [{ ...problem, message: `Unknown component type "${forged}"` }],
        }),
      ],
    });
    const cases = strictJunitCases(xml);
    assert.deepEqual(
      cases.map((c) => c.attributes.name),
      ['del\\u007f\\u202egnp.report.json', 'forged.report.json'],
    );
    assert.match(
      cases[0].systemOut,
      /^\/o\/del\\u007f\\u202egnp\.report\.json\.pdf \(1 page\)\ndel\\u007f\\u202egnp\.report\.json:4:5: warning: a X\]\]\\u003eY\]\]\\u003e<\/system-err>/,
    );
    assert.equal(cases[1].failure?.message, `the service rejected the report ${xmlSafe(forged)}`);
    assert.ok(cases[1].systemErr.startsWith('forged.report.json:4:5: error: Unknown component type "X]]\\u003eY]]\\u003e</system-err>'));
  });
});

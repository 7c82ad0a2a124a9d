/**
 * Files a batch leaves for CI: the GitHub step summary (Markdown appended to the file
 * `$GITHUB_STEP_SUMMARY` names, shown on the run's page) and a JUnit XML file (`--junit FILE`,
 * one test case per report) that GitLab, Jenkins, Buildkite and others show as test results.
 */
import { resolve } from 'node:path';
import junit from 'junit-report-builder';
import { quotaWords } from '../../core/quota/quotaSummary';
import { formatDiagnostic, printable, printableLine } from '../output';
import { formatDuration } from '../../core/duration';
import type { Problem } from '../output';
import { markdownCode } from '../../core/markdownText';
import { redact } from '../../core/redact';
import { printableName } from '../terminalText';
import { counts, plural, whatWasWritten } from './batchOutput';
import type { BatchSummary } from './batchOutput';
import { shown } from '../output';
import type { ReportOutcome } from './result';
import { writeOutputFile } from '../safeWrite';

/** A value inside a Markdown table cell: redacted, no control sequence or line break, no cell end, no code span end. */
function cell(text: string): string {
  return printableLine(text).replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/`/g, "'");
}

/** A file name in a table cell: a code span, controls as escapes (a name is anyone's to choose). */
const fileCell = (name: string): string => markdownCode(redact(name), { inTable: true });

const RESULT: Record<ReportOutcome['state'], string> = { built: '✅ built', failed: '❌ failed', skipped: '⏭️ not sent' };

export function stepSummaryMarkdown(s: BatchSummary, cwd: string): string {
  const c = counts(s.outcomes);
  const rows = s.outcomes.map((o) => {
    const result = o.state === 'built' ? RESULT.built : `${RESULT[o.state]} (exit ${o.exitCode}): ${cell(o.error?.message ?? '')}`;
    const output = o.state === 'built' ? fileCell(shown(o.output, cwd, o.outputGiven)) : '';
    const what = o.state === 'built' ? cell(whatWasWritten(o)) : '';
    const warnings = o.notes.length ? `⚠️ ${o.notes.length}` : '';
    return `| ${fileCell(o.file)} | ${result} | ${warnings} | ${what} | ${o.state === 'built' ? formatDuration(o.ms) : ''} | ${output} |`;
  });
  const title = `### report-studio ${s.kind}: ${c.built} of ${plural(s.outcomes.length, 'report')} built`;
  const tail = [`${formatDuration(s.ms)}, ${plural(s.jobs, 'job')}, exit code ${s.exitCode}.`];
  if (s.warnings.count)
    tail.push(
      `${plural(s.warnings.count, 'warning')}${s.warnings.exceeded ? ` (more than --max-warnings ${s.warnings.limit} allows)` : ''}.`,
    );
  if (s.quota) tail.push(`Quota left: ${quotaWords(s.quota.singlePageRemaining, s.quota.multiPageRemaining, s.local)}.`);
  const header = ['| Report | Result | Warnings | File | Time | Output |', '| --- | --- | --- | --- | --- | --- |'];
  return [title, '', ...header, ...rows, '', tail.join(' '), ''].join('\n');
}

/**
 * What XML 1.0 cannot carry, and what would reorder or hide text where it is shown: controls
 * other than tab and line breaks, DEL and C1, bidi overrides, U+2028/2029, U+FFFE/FFFF and lone
 * surrogates. They are written as `\uXXXX` (xmlbuilder would throw on some of them).
 */
const XML_UNSAFE =
  // eslint-disable-next-line no-control-regex -- control characters are what this pattern finds
  /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * A string as it is handed to the XML builder, which escapes `<`, `&` and quotes but ends a CDATA
 * section at the second `]]>` of a text: each `]]>` is written `]]\u003e`, so report text can
 * neither end a section nor add test cases, and unsafe characters are shown as escapes.
 */
export function xmlSafe(text: string): string {
  return text.replace(XML_UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).replace(/\]\]>/g, ']]\\u003e');
}

/** One `<testcase>` per report; every string it holds passes xmlSafe(). */
export function junitXml(s: BatchSummary): string {
  const builder = junit.newBuilder();
  const suite = builder
    .testSuite()
    .name(`report-studio ${s.kind}`)
    .time(s.ms / 1000);
  for (const o of s.outcomes) {
    const name = xmlSafe(printable(printableName(o.file)));
    const test = suite
      .testCase()
      .className(`report-studio.${s.kind}`)
      .name(name)
      .file(name)
      .time(o.ms / 1000);
    // What a server said is redacted and loses control characters; the notes are the lines the terminal shows.
    const lines = (list: readonly Problem[]): string[] => list.map((d) => printable(formatDiagnostic(o.file, d)));
    if (o.state === 'built') {
      test.standardOutput(xmlSafe([printable(`${printableName(o.output)} (${whatWasWritten(o)})`), ...lines(o.notes)].join('\n')));
    } else if (o.state === 'skipped') test.skipped().standardError(xmlSafe(printableLine(o.error?.message ?? '')));
    else {
      test.failure(xmlSafe(printableLine(o.error?.message ?? 'failed')), xmlSafe(printableLine(o.error?.kind ?? 'error')));
      const problems = lines(o.diagnostics);
      if (problems.length) test.standardError(xmlSafe(problems.join('\n')));
    }
  }
  return builder.build();
}

/** Written to a temporary name and renamed (safeWrite.ts): an interrupted run never leaves half an XML file. */
export async function writeJunit(s: BatchSummary, path: string, cwd: string): Promise<void> {
  await writeOutputFile(resolve(cwd, path), junitXml(s), cwd, { option: `--junit ${printableName(path)}` });
}

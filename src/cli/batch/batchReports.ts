/**
 * Files a batch leaves for CI: the GitHub step summary (Markdown appended to the file
 * `$GITHUB_STEP_SUMMARY` names, shown on the run's page) and a JUnit XML file (`--junit FILE`,
 * one test case per report) that GitLab, Jenkins, Buildkite and others show as test results.
 */
import { resolve } from 'node:path';
import junit from 'junit-report-builder';
import { quotaWords } from '../../core/quota/quotaSummary';
import { formatDiagnostic, formatMs, printable, printableLine } from '../output';
import { counts, plural, whatWasWritten } from './batchOutput';
import type { BatchSummary } from './batchOutput';
import { shown } from '../output';
import type { ReportOutcome } from './result';
import { replaceFile } from '../replaceFile';

/** A value inside a Markdown table cell: redacted, no control sequence or line break, no cell end, no code span end. */
function cell(text: string): string {
  return printableLine(text).replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/`/g, "'");
}

const RESULT: Record<ReportOutcome['state'], string> = { built: '✅ built', failed: '❌ failed', skipped: '⏭️ not sent' };

export function stepSummaryMarkdown(s: BatchSummary, cwd: string): string {
  const c = counts(s.outcomes);
  const rows = s.outcomes.map((o) => {
    const result = o.state === 'built' ? RESULT.built : `${RESULT[o.state]} (exit ${o.exitCode}): ${cell(o.error?.message ?? '')}`;
    const output = o.state === 'built' ? `\`${cell(shown(o.output, cwd))}\`` : '';
    const what = o.state === 'built' ? cell(whatWasWritten(o)) : '';
    return `| \`${cell(o.file)}\` | ${result} | ${what} | ${o.state === 'built' ? formatMs(o.ms) : ''} | ${output} |`;
  });
  const title = `### report-studio ${s.kind}: ${c.built} of ${plural(s.outcomes.length, 'report')} built`;
  const tail = [`${formatMs(s.ms)}, ${plural(s.jobs, 'job')}, exit code ${s.exitCode}.`];
  if (s.quota) tail.push(`Quota left: ${quotaWords(s.quota.singlePageRemaining, s.quota.multiPageRemaining, s.local)}.`);
  return [title, '', '| Report | Result | File | Time | Output |', '| --- | --- | --- | --- | --- |', ...rows, '', tail.join(' '), ''].join(
    '\n',
  );
}

function junitXml(s: BatchSummary): string {
  const builder = junit.newBuilder();
  const suite = builder
    .testSuite()
    .name(`report-studio ${s.kind}`)
    .time(s.ms / 1000);
  for (const o of s.outcomes) {
    const test = suite
      .testCase()
      .className(`report-studio.${s.kind}`)
      .name(o.file)
      .file(o.file)
      .time(o.ms / 1000);
    // What a server said is redacted and loses control characters, which XML 1.0 cannot carry either.
    if (o.state === 'built') test.standardOutput(printable(`${o.output} (${whatWasWritten(o)})`));
    else if (o.state === 'skipped') test.skipped().standardError(printableLine(o.error?.message ?? ''));
    else {
      const problems = o.diagnostics.map((d) => printable(formatDiagnostic(o.file, d)));
      test.failure(printableLine(o.error?.message ?? 'failed'), o.error?.kind ?? 'error');
      if (problems.length) test.standardError(problems.join('\n'));
    }
  }
  return builder.build();
}

/** Written to a temporary name and renamed: an interrupted run never leaves half an XML file. */
export async function writeJunit(s: BatchSummary, path: string, cwd: string): Promise<void> {
  await replaceFile(resolve(cwd, path), junitXml(s));
}

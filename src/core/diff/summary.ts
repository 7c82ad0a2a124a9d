/**
 * The summary of a `report-studio diff` run, as Markdown (a pull-request comment, GitHub's step
 * summary) and as a self-contained HTML page beside the PNGs. Pure text: the caller writes it.
 */
import { describeChanges, diffCounts, hasChanges, type ReportDiff } from './diffTypes';
import { escapeControls, markdownCode } from '../markdownText';

export interface SummaryEntry {
  /** The report as the user knows it (a path in the repository, a file name). */
  name: string;
  diff?: ReportDiff;
  /** Why this report could not be compared. */
  error?: string;
  /** PNG of each changed page (page number → file name relative to the summary). */
  images?: Record<number, string>;
}

export function summaryHeadline(entries: readonly SummaryEntry[]): string {
  const changed = entries.filter((e) => e.diff && hasChanges(e.diff)).length;
  const failed = entries.filter((e) => e.error).length;
  const parts = [`${changed} changed`, `${entries.length - changed - failed} unchanged`];
  if (failed) parts.push(`${failed} could not be compared`);
  return `${entries.length} report${entries.length === 1 ? '' : 's'} compared: ${parts.join(', ')}`;
}

function pagesCell(diff: ReportDiff): string {
  return diff.oldPages === diff.newPages ? `${diff.newPages}` : `${diff.oldPages} → ${diff.newPages}`;
}

export function markdownSummary(entries: readonly SummaryEntry[]): string {
  const lines = ['## Report Studio: visual diff', '', summaryHeadline(entries), ''];
  if (!entries.length) return `${lines.join('\n')}\n`;
  lines.push('| Report | Pages | What changed |', '| --- | --- | --- |');
  // Names and errors (which quote names) are code spans: a pull request chooses its file names.
  for (const e of entries) {
    const what = e.error ? `could not be compared: ${markdownCode(e.error, { inTable: true })}` : describeChanges(e.diff as ReportDiff);
    lines.push(`| ${markdownCode(e.name, { inTable: true })} | ${e.diff ? pagesCell(e.diff) : '—'} | ${what} |`);
  }
  const pictures = entries.flatMap((e) =>
    Object.entries(e.images ?? {}).map(([page, file]) => `- ${markdownCode(e.name)}, page ${page}: ${markdownCode(file)}`),
  );
  if (pictures.length) lines.push('', 'Old page left, new page right, changes framed in red:', '', ...pictures);
  return `${lines.join('\n')}\n`;
}

const htmlEscape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

export function htmlSummary(entries: readonly SummaryEntry[]): string {
  const sections = entries.map((e) => {
    const what = e.error ? `could not be compared: ${e.error}` : describeChanges(e.diff as ReportDiff);
    const figures = Object.entries(e.images ?? {})
      .map(
        ([page, file]) =>
          `<figure><img src="${htmlEscape(encodeURI(file))}" alt="Page ${page}: old left, new right"><figcaption>Page ${page}</figcaption></figure>`,
      )
      .join('\n');
    const status = e.error ? 'error' : e.diff && hasChanges(e.diff) ? 'changed' : 'unchanged';
    return `<section class="${status}"><h2><code>${htmlEscape(escapeControls(e.name))}</code></h2><p>${htmlEscape(escapeControls(what))}${e.diff ? ` (${htmlEscape(pagesCell(e.diff))} pages)` : ''}</p>\n${figures}</section>`;
  });
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Report Studio: visual diff</title>
<style>
body{font:14px/1.5 system-ui,sans-serif;margin:2em;color:#222}
section{border-left:4px solid #ccc;padding-left:1em;margin:1.5em 0}
section.changed{border-color:#e61e3c}section.error{border-color:#b58900}
img{max-width:100%;border:1px solid #ddd}figure{margin:1em 0}
</style></head>
<body><h1>Report Studio: visual diff</h1>
<p>${htmlEscape(summaryHeadline(entries))}. Old page left, new page right, changes framed in red.</p>
${sections.join('\n')}
</body></html>
`;
}

/** Counts over every entry, for --json. */
export function totals(entries: readonly SummaryEntry[]): ReturnType<typeof diffCounts> {
  const sum = { added: 0, removed: 0, changed: 0, unchanged: 0 };
  for (const e of entries) {
    if (!e.diff) continue;
    const c = diffCounts(e.diff);
    for (const k of Object.keys(sum) as Array<keyof typeof sum>) sum[k] += c[k];
  }
  return sum;
}

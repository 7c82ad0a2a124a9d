/**
 * File names in Markdown written for people (the GitHub step summary, a pull-request comment):
 * anyone who can create a file chooses its name, so a line break must not end the table row and
 * add lines of its own, and nothing in it may become a link, a heading, HTML or a live @mention.
 */
import { redact } from '../core/redact';
import { printableName } from './terminalText';

/**
 * A file name as a Markdown code span that is safe inside a GFM table cell: its controls and line
 * breaks shown as escapes (printableName), `|` escaped (GFM splits cells before it reads code
 * spans), and a fence of backticks longer than any run of them in the name, so the span cannot
 * end early. Inside a code span nothing else is Markdown: no link, HTML or mention.
 */
export function markdownFileName(name: string): string {
  const shown = printableName(redact(name)).replace(/\|/g, '\\|');
  const longestRun = Math.max(0, ...(shown.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longestRun + 1);
  // CommonMark strips one space on each side of a span: pad a name that starts or ends with a backtick or a space.
  const pad = /^[` ]|[` ]$/.test(shown) ? ' ' : '';
  return `${fence}${pad}${shown}${pad}${fence}`;
}

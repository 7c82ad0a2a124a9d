/** Escapes text from elsewhere (the service, file names) before it goes into Markdown. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>|#~]/g, (c) => `\\${c}`);
}

/** What escapeControls() writes as an escape: every control, line break, bidi override and DEL. */
// eslint-disable-next-line no-control-regex -- control characters are what this pattern finds
const NAME_UNSAFE = /[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const NAME_ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * A name (anyone who can create a file chooses it) with its controls, line breaks and bidi
 * overrides written as escapes (`\n`, `\u202e`): it stays on one line, recognisable, and cannot
 * reorder the text around it.
 */
export function escapeControls(name: string): string {
  return name.replace(NAME_UNSAFE, (c) => NAME_ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * A file name (or any text from a file name) in Markdown, as a code span: nothing inside takes
 * effect — no @mention, link, emphasis, rule or HTML — and controls are visible escapes. The
 * fence is one backtick longer than the longest run inside. `inTable`: a `|` would end the cell
 * even inside a code span (GitHub splits the row first), so it is written `\|` there.
 */
export function markdownCode(name: string, { inTable = false } = {}): string {
  let text = escapeControls(name);
  if (inTable) text = text.replace(/\|/g, '\\|');
  const longestRun = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longestRun + 1);
  // CommonMark strips one space from each end when both are there: pad a name that starts or ends with ` or a space.
  const padded = /^[` ]|[` ]$/.test(text) ? ` ${text} ` : text;
  return `${fence}${padded}${fence}`;
}

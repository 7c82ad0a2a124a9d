/**
 * Bounds on what `marked` is given, so that its work grows with the length of a text and not
 * with its square or cube (each shape below held a render worker for minutes):
 *
 * - Long paragraphs. For each backslash escape, code span, inline tag and complete link of a
 *   paragraph, marked rebuilds a masked copy of the whole paragraph (and its emphasis rules
 *   rescan it): a 1 MB paragraph of `[a](b) w ` took 100 s. A block (lines between blank lines,
 *   outside fenced code) over MAX_MARKDOWN_BLOCK_CHARS is split by blank lines into blocks under
 *   it — at line ends, else at a space, else anywhere — so only paragraphs far longer than any
 *   real one change (into several paragraphs).
 * - Brackets. At every `](` marked's link rule takes the whole run up to the next space or line
 *   end as the destination and gives it back a character at a time, trying at each `(`, `"` or
 *   `'` a title reaching to its closer: `[a](` repeated is cubic (16 KB: 112 s). The work of that
 *   rule at each `](` is worked out in one pass over the text, and the `](` are charged in text
 *   order against a budget proportional to the text's length; one that no longer fits has its
 *   `(` written as the entity `&#40;` and is plain text (not as `\(`: each backslash escape costs
 *   a masked copy, see above). A real link costs about its destination and the rest of its line,
 *   far under the budget.
 */

/** Link-rule work allowed per character of the text (in characters scanned). */
export const LINK_SCAN_BUDGET_PER_CHAR = 32;

/** Link-rule work any text may spend, whatever its length (in characters scanned: tens of milliseconds). */
export const LINK_SCAN_BUDGET_BASE = 16 * 1024 * 1024;

/** What ends marked's destination run: space, tab, line ends and the other control characters. */
const endsRun = (code: number): boolean => code <= 0x20;

/** What the rule finds from a position where a destination may start (one that does not end a run). */
interface Ahead {
  at: number;
  /** Where its run ends. */
  runEnd: number;
  /** Σ of the title scans from `at` to the end of the text, and from `runEnd`. */
  titles: number;
  titlesFromRunEnd: number;
  /** The spaces after the run and a title starting after them. */
  tail: number;
  /** The title scan starting at `at`. */
  title: number;
  /** A `<destination>` starting at `at`: its scan to the next `<`, `>` or line end. */
  angle: number;
}

/**
 * The work of marked's link rule at each `](`, keyed by the index of its `(`, in text order.
 * Computed right to left, keeping for the current position where the next run ends, where the
 * next closer of each title kind is (one right after a backslash does not close: marked skips
 * it), and the sum of the title scans from here on.
 */
export function linkScanCosts(s: string): Array<{ at: number; cost: number }> {
  const n = s.length;
  const out: Array<{ at: number; cost: number }> = [];
  if (!s.includes('](')) return out;
  const closer: Record<string, number> = { ')': n, '"': n, "'": n };
  let titles = 0;
  let runEnd = n;
  let titlesFromRunEnd = 0;
  let tail = 0;
  let angleStop = n;
  let ahead: Ahead = { at: n, runEnd: n, titles: 0, titlesFromRunEnd: 0, tail: 0, title: 0, angle: 0 };
  for (let i = n - 1; i >= 0; i--) {
    const code = s.charCodeAt(i);
    const ch = s[i];
    const title = ch === '(' ? closer[')'] - i : ch === '"' || ch === "'" ? closer[ch] - i : 0;
    if ((ch === ')' || ch === '"' || ch === "'") && s[i - 1] !== '\\') closer[ch] = i;
    if (ch === '(' && s[i - 1] === ']') {
      const d = ahead;
      const cost = d.at - i + 2 * (d.runEnd - d.at) + (d.titles - d.titlesFromRunEnd) + d.tail + d.angle + 8;
      out.push({ at: i, cost });
    }
    const angle = ch === '<' ? angleStop - i : 0;
    if (ch === '<' || ch === '>' || ch === '\n') angleStop = i;
    titles += title;
    if (endsRun(code)) {
      runEnd = i;
      titlesFromRunEnd = titles;
      tail = ahead.at - i + ahead.title;
    } else {
      ahead = { at: i, runEnd, titles, titlesFromRunEnd, tail, title, angle };
    }
  }
  return out.reverse();
}

/** The `(` of a `](` that is not to be a link; markdown.ts decodes it back in text. */
export const NOT_A_LINK_PAREN = '&#40;';

/** The text with the `(` of every `](` beyond the link-scan budget replaced; the same string when none is. */
export function escapeCostlyLinkOpenings(s: string): string {
  let budget = LINK_SCAN_BUDGET_BASE + LINK_SCAN_BUDGET_PER_CHAR * s.length;
  const parts: string[] = [];
  let from = 0;
  for (const { at, cost } of linkScanCosts(s)) {
    if (cost <= budget) budget -= cost;
    else {
      parts.push(s.slice(from, at), NOT_A_LINK_PAREN);
      from = at + 1;
    }
  }
  return parts.length ? parts.join('') + s.slice(from) : s;
}

/**
 * The longest block handed to marked, in characters: its per-paragraph work is about the square
 * of this (tens of milliseconds), done once per block.
 */
export const MAX_MARKDOWN_BLOCK_CHARS = 8 * 1024;

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** The source with every block over MAX_MARKDOWN_BLOCK_CHARS split by blank lines; the same string when none is. */
export function splitLongBlocks(source: string): string {
  if (source.length <= MAX_MARKDOWN_BLOCK_CHARS) return source;
  const out: string[] = [];
  let block = 0; // characters in the current block
  let fence: string | undefined;
  let split = false;
  for (const line of source.split('\n')) {
    const f = FENCE.exec(line);
    if (fence) {
      if (f && f[1][0] === fence[0] && f[1].length >= fence.length) fence = undefined;
      out.push(line);
      continue;
    }
    if (f) {
      fence = f[1];
      block = 0;
      out.push(line);
      continue;
    }
    if (!line.trim()) {
      block = 0;
      out.push(line);
      continue;
    }
    if (block > 0 && block + line.length + 1 > MAX_MARKDOWN_BLOCK_CHARS) {
      out.push('');
      split = true;
      block = 0;
    }
    let rest = line;
    while (rest.length > MAX_MARKDOWN_BLOCK_CHARS) {
      const space = rest.lastIndexOf(' ', MAX_MARKDOWN_BLOCK_CHARS);
      let cut = space > MAX_MARKDOWN_BLOCK_CHARS / 2 ? space : MAX_MARKDOWN_BLOCK_CHARS;
      if (/[\ud800-\udbff]/.test(rest[cut - 1])) cut--; // never between the halves of a surrogate pair
      out.push(rest.slice(0, cut), '');
      rest = rest.slice(cut).trimStart();
      split = true;
    }
    out.push(rest);
    block += rest.length + 1;
  }
  return split ? out.join('\n') : source;
}

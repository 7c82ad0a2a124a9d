/**
 * Text from a server (task ids, statuses, error messages, 422 entries) is printed on a
 * terminal or into a CI log: an escape sequence in it could recolour, rewrite or hide what
 * is shown, set the window title or (OSC 52) the clipboard, and a line break could forge a
 * `file:line:col: error:` line for a problem matcher. Everything the CLI prints passes
 * stripControlSequences(); values that belong on one line pass oneLine() first, and file
 * names and paths (which anyone who can create a file chooses) pass printableName().
 */
import { escapeControls } from '../core/markdownText';

/**
 * ESC-introduced sequences (CSI `ESC [ … final`, OSC `ESC ] … BEL|ST`, DCS/SOS/PM/APC
 * `ESC P|X|^|_ … ST`, two-character escapes) and their 8-bit C1 forms (CSI 0x9b, OSC 0x9d,
 * DCS 0x90, SOS 0x98, PM 0x9e, APC 0x9f).
 */
const ESCAPE_SEQUENCE =
  // eslint-disable-next-line no-control-regex -- control characters are what this pattern finds
  /\x1b\[[0-?]*[ -/]*[@-~]?|\x1b[\]PX^_][\s\S]*?(?:\x07|\x1b\\|\x9c|$)|\x1b[ -~]?|\x9b[0-?]*[ -/]*[@-~]?|[\x90\x98\x9d\x9e\x9f][\s\S]*?(?:\x07|\x1b\\|\x9c|$)/g;
/** Other C0/C1 controls and DEL (tab and line feed are kept), and bidi overrides that reorder what is shown. */
// eslint-disable-next-line no-control-regex -- control characters are what this pattern finds
const OTHER_CONTROLS = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/g;
/** Line breaks, in any spelling, and tabs. */
const BREAKS = /\r\n|[\n\r\t\v\f\u0085\u2028\u2029]/g;

/** The text without escape sequences and control characters other than tab and line feed. */
export function stripControlSequences(text: string): string {
  return text.replace(ESCAPE_SEQUENCE, '').replace(OTHER_CONTROLS, '');
}

/** A value that must stay on one line: line breaks and tabs become spaces, controls go. */
export function oneLine(text: string): string {
  return stripControlSequences(text.replace(BREAKS, ' '));
}

/**
 * A name at the start of a line that a CI runner would read as a workflow command
 * (`::error …`, the runner trims leading spaces first; `##[…]` is the older spelling).
 */
const COMMAND_START = /^\s*(::|##\[)/;

/**
 * A file name or path as printed, in every format: on one line, its controls and line breaks
 * shown as escapes (`\n`, `\u001b`) so the name stays recognisable but cannot end the line,
 * drive the terminal or reorder the text; a relative name that would start a workflow command
 * gets `./` in front (the same file).
 */
export function printableName(name: string): string {
  const escaped = escapeControls(name);
  return COMMAND_START.test(escaped) ? `./${escaped}` : escaped;
}

/**
 * JSON text safe for a terminal: JSON.stringify already writes C0 controls as \u00XX, but
 * not DEL, the C1 range (0x9b is CSI on some terminals), U+2028/2029 or bidi overrides.
 */
export function escapeJsonForTerminal(json: string): string {
  return json.replace(/[\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

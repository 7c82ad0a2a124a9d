/**
 * Bounds on the strings a service echoes from a report. A render note repeats what the report
 * said (a font family, an image URL, a component title, the key of an option), and a note — like
 * a task's error_message — is written to the task record, sent with every get-task-status answer,
 * logged, and shown in the editor: a 9 MB font-family name became a 9 MB log line, answer and
 * record. Each is capped here, with an ellipsis that says how long the original was.
 */
import { MAX_RENDER_NOTES, type RenderNote, type ReportPath } from './types';

/** Characters of a render note's message at most (a sentence quoting a long URL fits). */
export const MAX_NOTE_MESSAGE_CHARS = 1_000;
/** Characters of one key in a render note's path at most. */
export const MAX_NOTE_KEY_CHARS = 200;
/** Segments of a render note's path at most (deeper than any report the service accepts). */
export const MAX_NOTE_PATH_SEGMENTS = 64;
/** Characters of a task's error_message at most. */
export const MAX_ERROR_MESSAGE_CHARS = 2_000;
/** Characters of one log line at most (core/redact.ts logLine): a backstop for any line that quotes a report. */
export const MAX_LOG_LINE_CHARS = 16_384;

/** `text` if it has at most `max` characters, else its start and "… (N characters in all)", `max` characters long at most. */
export function capText(text: string, max: number): string {
  if (text.length <= max) return text;
  const tail = `… (${text.length} characters in all)`;
  let cut = Math.max(0, max - tail.length);
  // Never half a surrogate pair.
  const last = text.charCodeAt(cut - 1);
  if (cut > 0 && last >= 0xd800 && last <= 0xdbff) cut--;
  return text.slice(0, cut) + tail;
}

function capPath(path: ReportPath): ReportPath {
  const capped = path.length > MAX_NOTE_PATH_SEGMENTS ? path.slice(0, MAX_NOTE_PATH_SEGMENTS) : path;
  return capped.some((s) => typeof s === 'string' && s.length > MAX_NOTE_KEY_CHARS)
    ? capped.map((s) => (typeof s === 'string' ? capText(s, MAX_NOTE_KEY_CHARS) : s))
    : capped;
}

/** A note whose message and path are within the caps (the same note when they already are). */
export function capNote(note: RenderNote): RenderNote {
  const message = capText(note.message, MAX_NOTE_MESSAGE_CHARS);
  const path = capPath(note.path);
  return message === note.message && path === note.path ? note : { kind: note.kind, path, message };
}

/**
 * At most MAX_RENDER_NOTES notes, each capped: a report with thousands of unreachable images
 * keeps the first MAX_RENDER_NOTES - 1, and the last says how many more there were.
 */
export function capNotes(notes: readonly RenderNote[]): RenderNote[] {
  if (notes.length <= MAX_RENDER_NOTES) return notes.map(capNote);
  const kept = notes.slice(0, MAX_RENDER_NOTES - 1).map(capNote);
  const rest = notes.length - (MAX_RENDER_NOTES - 1);
  const first = capNote(notes[MAX_RENDER_NOTES - 1]);
  kept.push({ ...first, message: `${first.message} (and ${rest - 1} more notes of this render not listed)` });
  return kept;
}

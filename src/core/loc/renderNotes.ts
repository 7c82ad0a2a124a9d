/**
 * The local renderer's notes (an image drawn as a placeholder, content cut from a single
 * page, a substituted font) → diagnostics on the report text, at the node each note's JSON
 * path names, marked the way 422 entries are (a long component by its `"type"`).
 *
 * Like 422 diagnostics they are re-anchored after every edit (incrementally, anchoring.ts): a
 * note follows its node while the path still leads to the same thing, and is dropped once it
 * no longer describes the text — the component at the path is another type, the URL or font
 * was changed, or (for an overflow) `config.enable_multi_page` is now true.
 */
import { findNodeAtLocation, getNodeValue } from 'jsonc-parser';
import type { Node } from 'jsonc-parser';
import type { RenderNote } from '../api/types';
import { sameValue } from './sameValue';
import { Anchoring } from './anchoring';
import type { AnchorRule } from './anchoring';
import { DiagnosticMapper } from './diagnostics';
import type { SourceDiagnostic } from './diagnostics';
import { typeTagOf, walkTree } from './treeWalk';

export type NoteSeverity = 'warning' | 'information';

/** How each kind is shown: cut content and missing images are warnings, a substituted font is information. */
export const NOTE_SEVERITY: Record<RenderNote['kind'], NoteSeverity> = {
  overflow: 'warning',
  'image-unavailable': 'warning',
  'font-fallback': 'information',
  // A narrow column was given room for its longest word: the layout differs from the fractions asked.
  'column-squeezed': 'information',
};

/** A note with what its node held in the text that was rendered. */
export interface RecordedNote {
  note: RenderNote;
  /** The component type at the path (components are recognised by type, not content). */
  componentType?: string;
  /** Otherwise the value at the path (a URL, a font setting). */
  value?: unknown;
}

export interface AnchoredNote {
  note: RenderNote;
  severity: NoteSeverity;
  diagnostic: SourceDiagnostic;
}

/** Records the notes of a render against the text that was sent for it. */
export function recordNotes(sentText: string, notes: readonly RenderNote[]): RecordedNote[] {
  const root = new DiagnosticMapper(sentText).source.parsed.root;
  return notes.map((note) => {
    const node = root ? nodeAt(root, note.path) : undefined;
    if (!node) return { note };
    const componentType = typeTagOf(node);
    return componentType ? { note, componentType } : { note, value: getNodeValue(node) };
  });
}

/** How a render note is anchored: at its path's node, while that node holds what was rendered. */
export const NOTE_RULE: AnchorRule<RecordedNote, AnchoredNote> = {
  resolve(mapper, recorded) {
    const root = mapper.source.parsed.root;
    const path = Array.isArray(recorded.note.path) ? recorded.note.path : [];
    const mapping = mapper.source.mapPath(path, { lenient: false });
    return {
      anchored: {
        note: recorded.note,
        severity: NOTE_SEVERITY[recorded.note.kind] ?? 'information',
        diagnostic: mapper.build(mapping, recorded.note.message, recorded.note.kind, path),
      },
      applies: root !== undefined && nodeStillHolds(root, recorded, path),
      reached: mapping.reached,
      lookups: path,
    };
  },
  // An overflow goes once the text asks for multi-page reports, wherever that was set.
  textCheck(mapper) {
    const root = mapper.source.parsed.root;
    const multiPage = root !== undefined && multiPageEnabled(root);
    return (recorded) => !(multiPage && recorded.note.kind === 'overflow');
  },
};

/** The notes on `text`, kept to follow later edits (Anchoring.update()). */
export function anchorNotesOn(
  text: string,
  recorded: readonly RecordedNote[],
  options: { sentText?: string } = {},
): Anchoring<RecordedNote, AnchoredNote> {
  return Anchoring.anchor(text, recorded, NOTE_RULE, options.sentText);
}

/**
 * The notes that still apply to `text`, with their diagnostics on it, in the notes' order.
 * On the very text that was rendered every note applies.
 */
export function anchorNotes(text: string, recorded: readonly RecordedNote[], options: { sentText?: string } = {}): AnchoredNote[] {
  return anchorNotesOn(text, recorded, options).shown;
}

/** Whether the node at the path is still what was rendered: the same component type, or the same value. */
function nodeStillHolds(root: Node, recorded: RecordedNote, path: ReadonlyArray<string | number>): boolean {
  const node = nodeAt(root, path);
  if (!node) return false;
  if (recorded.componentType !== undefined) return typeTagOf(node) === recorded.componentType;
  return sameValue(getNodeValue(node), recorded.value);
}

/** True when the text asks for multi-page reports (the cure for an overflow). */
function multiPageEnabled(root: Node): boolean {
  const flag = findNodeAtLocation(root, ['config', 'enable_multi_page']);
  return flag?.type === 'boolean' && flag.value === true;
}

function nodeAt(root: Node, path: ReadonlyArray<string | number>): Node | undefined {
  const outcome = walkTree(root, path, { lenient: false });
  return outcome.stop ? undefined : outcome.node;
}

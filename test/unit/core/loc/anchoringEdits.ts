/**
 * Random edits of a report text as an editor makes them, for the property "diagnostics that
 * followed an edit incrementally are the diagnostics anchored afresh on the new text": typing
 * and deleting anywhere, values retyped, keys and type tags renamed, components inserted and
 * removed before others, comments, missing options added, several changes in one event (in
 * VS Code's order: from the end of the text backwards), undo back to the text that was sent.
 * Used by fuzz-anchoring.test.ts: a fixed-seed sample in `npm test`, a fresh seed the whole way
 * under `npm run fuzz`.
 */
import { strict as assert } from 'node:assert';
import { parseTree } from 'jsonc-parser';
import type { Node, ParseError } from 'jsonc-parser';
import type { RenderNote, ValidationErrorEntry } from '../../../../src/core/api/types';
import { anchorEntries, anchorEntriesOn } from '../../../../src/core/loc/anchorEntries';
import type { Anchored, Anchoring } from '../../../../src/core/loc/anchoring';
import { anchorNotes, anchorNotesOn, recordNotes } from '../../../../src/core/loc/renderNotes';
import type { RecordedNote } from '../../../../src/core/loc/renderNotes';
import { applyChanges } from '../../../../src/core/loc/textChanges';
import type { TextChange } from '../../../../src/core/loc/textChanges';
import { validateReport } from '../../../../src/service/validation/reportValidator';
import { largeReportWithErrors } from '../../../helpers/largeReport';
import type { Rng } from '../../../helpers/fuzz/fuzzKit';

const TYPED = [' ', '\n', '1', '0', 'x', '"', ',', ':', '{', '}', '[', ']', '-', 'e', '/', '*', '\t', 'true', '// note\n', '/* c */'];

function allNodes(root: Node | undefined, out: Node[] = []): Node[] {
  if (!root) return out;
  out.push(root);
  for (const c of root.children ?? []) allNodes(c, out);
  return out;
}

/** The kinds of edit randomChange() makes, in the order it picks them; typing is also what a kind without a target falls back to. */
export const EDIT_KINDS = [
  'value retyped',
  'number or boolean replaced',
  'element inserted',
  'element removed',
  'key renamed',
  'property added',
  'property removed',
  'multi-cursor event',
  'undone to the sent text',
  'typed or deleted anywhere',
] as const;

/** One change somewhere in `text`, of a kind picked at random. */
function randomChange(rng: Rng, text: string, sent: string): { kind: (typeof EDIT_KINDS)[number]; changes: TextChange[] } {
  const made = (k: number, changes: TextChange[]) => ({ kind: EDIT_KINDS[k], changes });
  const errors: ParseError[] = [];
  const nodes = allNodes(parseTree(text, errors, { allowTrailingComma: true }));
  const of = (type: string) => nodes.filter((n) => n.type === type);
  // A broken text is mostly mended soon (undo), else the walk would stay on broken texts.
  const kind = errors.length && rng.chance(0.6) ? 8 : rng.int(0, 11);
  const pickOf = (type: string) => {
    const list = of(type);
    return list.length ? rng.pick(list) : undefined;
  };
  switch (kind) {
    case 0: {
      // Retype (part of) a string value or key.
      const s = pickOf('string');
      if (!s || s.length < 2) break;
      const from = s.offset + 1 + rng.int(0, s.length - 2);
      const length = rng.int(0, s.offset + s.length - 1 - from);
      return made(kind, [
        { offset: from, length, text: rng.pick(['', 'x', 'Card', 'Section', 'type', 'options', 'renamed', '\\"', '\\n']) },
      ]);
    }
    case 1: {
      // A number or boolean replaced.
      const v = pickOf(rng.chance(0.5) ? 'number' : 'boolean');
      if (!v) break;
      return made(kind, [
        { offset: v.offset, length: v.length, text: rng.pick(['0', '-2', '3', '2024', 'true', 'false', 'null', '"three"']) },
      ]);
    }
    case 2:
    case 3: {
      // A component (or any array element) inserted before another, or removed.
      const arrays = of('array').filter((a) => (a.children?.length ?? 0) > 0);
      if (!arrays.length) break;
      const array = rng.pick(arrays);
      const i = rng.int(0, array.children!.length - 1);
      const element = array.children![i];
      if (kind === 2) {
        const copy = text.slice(element.offset, element.offset + element.length);
        return made(kind, [{ offset: element.offset, length: 0, text: `${copy},\n${' '.repeat(rng.int(0, 8))}` }]);
      }
      const next = array.children![i + 1];
      const end = next ? next.offset : element.offset + element.length;
      const start = next || i === 0 ? element.offset : array.children![i - 1].offset + array.children![i - 1].length;
      return made(kind, [{ offset: start, length: end - start, text: '' }]);
    }
    case 4: {
      // A key renamed.
      const p = pickOf('property');
      if (!p) break;
      const key = p.children![0];
      return made(kind, [
        {
          offset: key.offset,
          length: key.length,
          text: JSON.stringify(rng.pick(['value', 'text', 'options', 'type', 'title', 'valu', 'columns'])),
        },
      ]);
    }
    case 5: {
      // A missing option added (or any property) at the start of an object.
      const o = pickOf('object');
      if (!o) break;
      const prop = rng.pick(['"value": 1, ', '"text": "added", ', '"type": "Card", ', '"options": {}, ', '"enable_multi_page": true, ']);
      return made(kind, [{ offset: o.offset + 1, length: 0, text: prop }]);
    }
    case 6: {
      // A property removed (with its comma when it has one after it).
      const p = pickOf('property');
      if (!p) break;
      const after = text.slice(p.offset + p.length).match(/^\s*,/);
      return made(kind, [{ offset: p.offset, length: p.length + (after ? after[0].length : 0), text: '' }]);
    }
    case 7: {
      // Several changes in one event, from the end backwards (as VS Code sends a multi-cursor edit).
      const offsets = [rng.int(0, text.length), rng.int(0, text.length), rng.int(0, text.length)].sort((a, b) => b - a);
      return made(
        kind,
        offsets.filter((o, i) => i === 0 || o < offsets[i - 1]).map((offset) => ({ offset, length: 0, text: rng.pick([' ', '\n', '  ']) })),
      );
    }
    case 8: {
      // Undo back to the text that was sent (one change covering the difference).
      let start = 0;
      while (start < text.length && start < sent.length && text[start] === sent[start]) start++;
      let end = 0;
      while (end < text.length - start && end < sent.length - start && text[text.length - 1 - end] === sent[sent.length - 1 - end]) end++;
      return made(kind, [{ offset: start, length: text.length - end - start, text: sent.slice(start, sent.length - end) }]);
    }
    default:
      break;
  }
  // Typing or deleting anywhere.
  const offset = rng.int(0, text.length);
  return made(9, [
    { offset, length: rng.chance(0.3) ? Math.min(rng.int(1, 5), text.length - offset) : 0, text: rng.chance(0.8) ? rng.pick(TYPED) : '' },
  ]);
}

/** Inputs of one kind with the two ways of anchoring them: kept to follow edits, and afresh. */
export interface Subject<I> {
  name: string;
  sent: string;
  inputs: I[];
  on(text: string, inputs: readonly I[], sent: string): Anchoring<I, Anchored>;
  full(text: string, inputs: readonly I[], sent: string): unknown[];
}

/** A generated report with its 422 entries, and render notes on some of its nodes. */
export function reportSubjects(rng: Rng, components: number, errors: number): Array<Subject<ValidationErrorEntry> | Subject<RecordedNote>> {
  const { text } = largeReportWithErrors(components, errors);
  const entries = validateReport(JSON.parse(text));
  const nodes = allNodes(parseTree(text));
  const notes: RenderNote[] = [];
  for (let i = 0; i < 12; i++) {
    const node = rng.pick(nodes.filter((n) => n.type !== 'property'));
    const path: Array<string | number> = [];
    for (let n: Node | undefined = node; n?.parent; n = n.parent) {
      const p: Node = n.parent;
      if (p.type === 'array') path.unshift(p.children!.indexOf(n));
      else if (p.type === 'property' && p.children![1] === n) path.unshift(p.children![0].value as string);
    }
    notes.push({ kind: rng.pick(['overflow', 'image-unavailable', 'font-fallback'] as const), path, message: `note ${i}` });
  }
  const entrySubject: Subject<ValidationErrorEntry> = {
    name: '422 entries',
    sent: text,
    inputs: entries,
    on: (t, i, s) => anchorEntriesOn(t, i, { sentText: s }),
    full: (t, i, s) => anchorEntries(t, i, { sentText: s }),
  };
  const noteSubject: Subject<RecordedNote> = {
    name: 'render notes',
    sent: text,
    inputs: recordNotes(text, notes),
    on: (t, i, s) => anchorNotesOn(t, i, { sentText: s }),
    full: (t, i, s) => anchorNotes(t, i, { sentText: s }),
  };
  return [entrySubject, noteSubject];
}

/**
 * `steps` random edits, each followed incrementally from the previous step's anchoring (so the
 * updates compose) and compared with a fresh anchoring of the new text; sometimes several
 * edits are collected first, as the extension's debounce does. Returns how many inputs were
 * resolved again in all, against how many a full re-anchor would have resolved.
 */
/** Several edits collected before they are followed (the extension's debounce): a kind of step of its own. */
export const SEVERAL_COLLECTED = 'several edits collected';

/** How a run of edits went: inputs resolved again of all, full re-anchorings, the kinds of edit it made. */
interface Followed {
  resolved: number;
  total: number;
  fellBack: number;
  kinds: Set<string>;
}

export function checkIncrementalAgainstFull(
  rng: Rng,
  subject: Subject<ValidationErrorEntry> | Subject<RecordedNote>,
  steps: number,
): Followed {
  return check(rng, subject as Subject<unknown>, steps);
}

function check<I>(rng: Rng, subject: Subject<I>, steps: number): Followed {
  let anchoring = subject.on(subject.sent, subject.inputs, subject.sent);
  let resolved = 0;
  let fellBack = 0;
  const kinds = new Set<string>();
  for (let step = 0; step < steps; step++) {
    const changes: TextChange[] = [];
    let text = anchoring.text;
    const batches = rng.chance(0.25) ? rng.int(2, 4) : 1;
    if (batches > 1) kinds.add(SEVERAL_COLLECTED);
    for (let batch = batches; batch > 0; batch--) {
      const more = randomChange(rng, text, subject.sent);
      kinds.add(more.kind);
      text = applyChanges(text, more.changes)!;
      changes.push(...more.changes);
    }
    const next = anchoring.update(text, changes);
    const expected = subject.full(text, subject.inputs, subject.sent);
    assert.deepEqual(next.shown, expected, `${subject.name}, step ${step}: ${JSON.stringify(changes).slice(0, 300)}`);
    resolved += next.resolved;
    if (next.resolved === subject.inputs.length) fellBack++;
    anchoring = next;
  }
  return { resolved, total: steps * subject.inputs.length, fellBack, kinds };
}

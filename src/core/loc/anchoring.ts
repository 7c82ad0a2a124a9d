/**
 * Diagnostics that stay on their node while the text is edited: what a service said about
 * the text that was sent (422 entries, render notes), mapped onto the text as it is now, and
 * kept only while it still describes it. `Anchoring.anchor()` maps every input on a text;
 * `update()` follows the editor's change events instead of starting over:
 *
 * - the tree follows the edit (JsoncTree.edit): only the part of the innermost container
 *   around it is parsed again, and the edit's region says what changed;
 * - an input whose footprint (the node its path reached, and the range it marks) lies before
 *   the region keeps its diagnostic as it is; one after it moves by the length delta;
 * - an input is resolved again when its footprint overlaps the region, when its node is in an
 *   array after elements were inserted or removed (its index now names another node), or in
 *   an object whose keys or `type` changed (a lookup by key may now find another node);
 * - any doubt — the text had syntax errors, the edit does not parse on its own, the changes
 *   do not add up to the new text — anchors everything again.
 *
 * An input that moved keeps its verdict (whether its cause is still there): that verdict was
 * taken on its footprint, whose text did not change. Conditions that look beyond the footprint
 * (render notes: config.enable_multi_page) are the rule's `textCheck`, taken again on every
 * text. Inputs whose verdict depends on the whole text (a json_invalid offset holds only on
 * the exact text that was sent) are `volatile`: resolved again after every edit.
 */
import { DiagnosticMapper } from './diagnostics';
import { ENGLISH, type Translator } from '../l10n';
import type { SourceDiagnostic } from './diagnostics';
import type { EditRegion } from './jsoncTree';
import type { SourceRange } from './locToRange';
import { applyChange, fits } from './textChanges';
import type { TextChange } from './textChanges';

export interface Anchored {
  diagnostic: SourceDiagnostic;
}

/** One input mapped onto one text. */
interface Resolution<A extends Anchored> {
  /** What is shown; may be absent only for a volatile input that does not apply. */
  anchored?: A;
  /** Whether the cause is still there (on the text that was sent everything is shown anyway). */
  applies: boolean;
  /** The whole node the input's path reached; absent when it rests on no node. */
  reached?: SourceRange;
  /** Resolved again after every edit: the verdict depends on more than the footprint. */
  volatile?: boolean;
  /** The segments the input's path may look up by key (its loc or path): a change of other keys leaves it be. */
  lookups?: readonly unknown[];
}

/** How one kind of input is anchored (anchorEntries.ts: 422 entries; renderNotes.ts: render notes). */
export interface AnchorRule<I, A extends Anchored> {
  resolve(mapper: DiagnosticMapper, input: I, sentText: string | undefined): Resolution<A>;
  /** A condition on the whole text that every shown input must also meet, taken on each text. */
  textCheck?(mapper: DiagnosticMapper): (input: I) => boolean;
}

interface Slot<A extends Anchored> {
  resolution: Resolution<A>;
  /** The text the resolution depends on: the node reached and the range marked, as one range. */
  footprint?: SourceRange;
}

export class Anchoring<I, A extends Anchored> {
  /** The anchored inputs to show, in the inputs' order. */
  readonly shown: A[];

  private constructor(
    readonly mapper: DiagnosticMapper,
    readonly inputs: readonly I[],
    private readonly rule: AnchorRule<I, A>,
    readonly sentText: string | undefined,
    private readonly slots: ReadonlyArray<Slot<A>>,
    /** How many inputs were resolved on this text (the others moved with their node). */
    readonly resolved: number,
  ) {
    const unchanged = sentText === mapper.text;
    const check = unchanged ? undefined : rule.textCheck?.(mapper);
    this.shown = [];
    slots.forEach(({ resolution: r }, i) => {
      if (r.anchored && (unchanged || (r.applies && (!check || check(inputs[i]))))) this.shown.push(r.anchored);
    });
  }

  get text(): string {
    return this.mapper.text;
  }

  /**
   * Every input mapped onto `text`; `sentText` is the text the inputs were made about; `l10n`
   * the language of the messages (kept for update()).
   */
  static anchor<I, A extends Anchored>(
    text: string,
    inputs: readonly I[],
    rule: AnchorRule<I, A>,
    sentText?: string,
    l10n: Translator = ENGLISH,
  ): Anchoring<I, A> {
    const mapper = new DiagnosticMapper(text, undefined, undefined, l10n);
    return new Anchoring(
      mapper,
      inputs,
      rule,
      sentText,
      inputs.map((input) => slot(rule.resolve(mapper, input, sentText))),
      inputs.length,
    );
  }

  /**
   * The inputs on `text`, which is this anchoring's text after `changes` (applied one after
   * the other, as VS Code reports them in one event and as successive events arrive).
   */
  update(text: string, changes: readonly TextChange[]): Anchoring<I, A> {
    if (changes.length === 0 && text === this.text) return this;
    const full = () => Anchoring.anchor(text, this.inputs, this.rule, this.sentText, this.mapper.l10n);
    const { tree, errors } = this.mapper.source.parsed;
    if (!tree || errors.length > 0 || changes.length === 0) return full();
    // The texts between the changes; the last must be the document's text, or an event was missed.
    const texts =
      changes.length === 1 ? (changedInto(this.text, changes[0], text) ? [this.text, text] : undefined) : between(this.text, changes, text);
    if (!texts) return full();

    const footprints = this.slots.map((s) => (s.footprint ? { ...s.footprint } : undefined));
    const reached = this.slots.map((s) => (s.resolution.reached ? { ...s.resolution.reached } : undefined));
    // How far each input moved; undefined while every edit was after it (its line and character stand too).
    const moved: Array<number | undefined> = this.slots.map(() => undefined);
    const dirty = this.slots.map((s) => s.resolution.volatile === true);
    let current = tree;
    let lines = this.mapper.builtLines;
    for (let k = 0; k < changes.length; k++) {
      const edited = current.edit(changes[k], texts[k + 1]);
      if (!edited) return full();
      current = edited.tree;
      lines = lines?.afterChange(changes[k], texts[k + 1]);
      for (let i = 0; i < this.slots.length; i++) {
        const footprint = footprints[i];
        const node = reached[i];
        if (dirty[i] || !footprint || !node) continue; // resolved anyway, or resting on no node
        if (affected(edited.region, footprint, node, this.slots[i].resolution.lookups)) dirty[i] = true;
        else if (footprint.start >= edited.region.window.end) {
          const delta = edited.region.delta;
          footprint.start += delta;
          footprint.end += delta;
          node.start += delta;
          node.end += delta;
          moved[i] = (moved[i] ?? 0) + delta;
        }
      }
    }

    const mapper = new DiagnosticMapper(text, { root: current.root, errors: [], tree: current }, lines, this.mapper.l10n);
    let resolvedCount = 0;
    const slots = this.slots.map((s, i): Slot<A> => {
      if (dirty[i]) {
        resolvedCount++;
        return slot(this.rule.resolve(mapper, this.inputs[i], this.sentText));
      }
      const by = moved[i];
      if (by === undefined) return s;
      const anchored = s.resolution.anchored && moveAnchored(s.resolution.anchored, by, mapper);
      return { resolution: { ...s.resolution, anchored, reached: reached[i] }, footprint: footprints[i] };
    });
    return new Anchoring(mapper, this.inputs, this.rule, this.sentText, slots, resolvedCount);
  }
}

/** Whether `after` is `before` with `change` applied (compared in place, without building it). */
function changedInto(before: string, change: TextChange, after: string): boolean {
  const { offset, length } = change;
  return (
    fits(before, change) &&
    after.length === before.length - length + change.text.length &&
    after.startsWith(change.text, offset) &&
    after.startsWith(before.slice(0, offset)) &&
    after.endsWith(before.slice(offset + length))
  );
}

/** The texts from `before` through each change, ending with `after` itself; undefined when they do not end there. */
function between(before: string, changes: readonly TextChange[], after: string): string[] | undefined {
  const texts = [before];
  for (const change of changes) {
    const next = applyChange(texts[texts.length - 1], change);
    if (next === undefined) return undefined;
    texts.push(next);
  }
  if (texts[texts.length - 1] !== after) return undefined;
  texts[texts.length - 1] = after;
  return texts;
}

function slot<A extends Anchored>(resolution: Resolution<A>): Slot<A> {
  const node = resolution.reached;
  const range = resolution.anchored?.diagnostic.range;
  if (!node) return { resolution };
  const footprint = range ? { start: Math.min(node.start, range.start), end: Math.max(node.end, range.end) } : { ...node };
  return { resolution, footprint };
}

/** Whether an edit's region can change how an input with this footprint and node resolves. */
function affected(region: EditRegion, footprint: SourceRange, node: SourceRange, lookups: readonly unknown[] = []): boolean {
  const { window, container, rekeyed } = region;
  if (footprint.start < window.end && window.start < footprint.end) return true;
  if (!(container.start <= node.start && node.end <= container.end)) return false;
  // Its path goes through the container: by an index that now names another element, or by a
  // key that changed there (a changed `type` changes the tag every path through it reads).
  if (region.reindexed) return node.start >= window.end;
  return rekeyed !== undefined && (rekeyed.has('type') || lookups.some((segment) => rekeyed.has(String(segment))));
}

/** The same diagnostic `delta` characters further on (its line and character taken anew). */
function moveAnchored<A extends Anchored>(anchored: A, delta: number, mapper: DiagnosticMapper): A {
  const d = anchored.diagnostic;
  const range = { start: d.range.start + delta, end: d.range.end + delta };
  return {
    ...anchored,
    diagnostic: { ...d, range, start: mapper.lines.positionAt(range.start), end: mapper.lines.positionAt(range.end) },
  };
}

/**
 * Offset ↔ line/character conversion for a text, with the conventions VS Code uses:
 * lines end at \n, \r\n or a lone \r; characters are UTF-16 code units. Both are
 * zero-based here; the CLI adds 1 when printing `file:line:col`.
 */
import type { TextChange } from './textChanges';

export interface Position {
  line: number;
  character: number;
}

export class LineIndex {
  private readonly starts: Int32Array;

  /** `known`: the line starts of `text`, when they are known already (noted by the parse, afterChange). */
  constructor(
    private readonly text: string,
    known?: ArrayLike<number>,
  ) {
    if (known) {
      this.starts = known instanceof Int32Array ? known : new Int32Array(known);
      return;
    }
    // indexOf finds the breaks far faster than a loop over every character of a large text.
    const starts = [0];
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    // A lone \r (old Mac line ends) also ends a line; \r\n was counted at its \n.
    let lone: number[] | undefined;
    for (let i = text.indexOf('\r'); i >= 0; i = text.indexOf('\r', i + 1)) if (text.charCodeAt(i + 1) !== 10) (lone ??= []).push(i + 1);
    this.starts = new Int32Array(lone ? mergeSorted(starts, lone) : starts);
  }

  get lineCount(): number {
    return this.starts.length;
  }

  positionAt(offset: number): Position {
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= clamped) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: clamped - this.starts[lo] };
  }

  /**
   * The index of `newText`, which is this text with `change` applied: the lines before the
   * change are kept, those after it move, only the changed span is looked at.
   */
  afterChange(change: TextChange, newText: string): LineIndex {
    const { offset } = change;
    const delta = change.text.length - change.length;
    // A line starts at p when p - 1 is \n, or a \r not followed by \n at p: starts before the
    // change and starts whose two characters both lie after it are as they were.
    const keptBefore = Math.max(1, this.firstStartAtOrAfter(offset)); // line 0 starts at 0 whatever happens
    const keptAfter = this.firstStartAtOrAfter(offset + change.length + 1);
    const middle: number[] = [];
    for (let p = Math.max(offset, 1); p <= offset + change.text.length; p++) {
      const before = newText.charCodeAt(p - 1);
      if (before === 10 || (before === 13 && newText.charCodeAt(p) !== 10)) middle.push(p);
    }
    const starts = new Int32Array(keptBefore + middle.length + this.starts.length - keptAfter);
    starts.set(this.starts.subarray(0, keptBefore));
    starts.set(middle, keptBefore);
    const after = keptBefore + middle.length;
    for (let i = keptAfter; i < this.starts.length; i++) starts[after + i - keptAfter] = this.starts[i] + delta;
    return new LineIndex(newText, starts);
  }

  private firstStartAtOrAfter(offset: number): number {
    let lo = 0;
    let hi = this.starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.starts[mid] < offset) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  offsetAt(position: Position): number {
    if (position.line < 0) return 0;
    if (position.line >= this.starts.length) return this.text.length;
    return Math.min(this.starts[position.line] + Math.max(0, position.character), this.text.length);
  }
}

function mergeSorted(a: number[], b: number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) out.push(j >= b.length || (i < a.length && a[i] < b[j]) ? a[i++] : b[j++]);
  return out;
}

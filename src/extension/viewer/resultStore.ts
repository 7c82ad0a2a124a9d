/**
 * What each report's result is: the file a panel shows now, else the one remembered in the
 * workspace state (ResultMemory, survives reloads); where a new result is to be written;
 * and the 422 entries a panel lists, with their ranges, so a click can select the node.
 */
import type * as vscode from 'vscode';
import type { TaskKind } from '../../core/api/types';
import { fileExists, fileName, liveFileFor, resultFileFor } from './resultFiles';
import { ResultMemory } from './resultMemory';
import type { RememberedResult } from './resultMemory';
import type { ResultPanel } from './resultPanel';

export interface ValidationErrorInput {
  type: string;
  msg: string;
  loc: (string | number)[];
  range?: vscode.Range;
}

export class ResultStore {
  private readonly memory: ResultMemory;
  private readonly errors = new WeakMap<ResultPanel, ValidationErrorInput[]>();

  constructor(
    memento: vscode.Memento,
    private readonly globalStorageUri: vscode.Uri,
  ) {
    this.memory = new ResultMemory(memento);
  }

  /** Where a task's result for `report` is to be written (see resultFiles.ts). */
  fileFor(report: vscode.Uri, kind: TaskKind): vscode.Uri {
    return resultFileFor(this.globalStorageUri, report, kind);
  }

  remember(report: vscode.Uri, result: RememberedResult): Promise<void> {
    return this.memory.set(report, result);
  }

  /** The result on screen in the report's panel, else the remembered one. */
  last(report: vscode.Uri, panel: ResultPanel | undefined): RememberedResult | undefined {
    const shown = panel?.result;
    return shown ? { kind: shown.kind, file: shown.file } : this.memory.get(report);
  }

  /**
   * What a panel restored after a reload shows: the live view's PDF when that is what it
   * showed (`shownFileName`) and it is still there, else the remembered result if its file is.
   */
  async restorable(report: vscode.Uri, shownFileName?: string): Promise<{ result?: RememberedResult; gone?: RememberedResult }> {
    const live = liveFileFor(this.globalStorageUri, report);
    if (shownFileName === fileName(live) && (await fileExists(live))) return { result: { kind: 'build', file: live } };
    const remembered = this.memory.get(report);
    if (!remembered) return {};
    return (await fileExists(remembered.file)) ? { result: remembered } : { gone: remembered };
  }

  moved(from: vscode.Uri, to: vscode.Uri): Promise<void> {
    return this.memory.move(from, to);
  }

  setErrors(panel: ResultPanel, errors: ValidationErrorInput[]): void {
    this.errors.set(panel, errors);
  }

  errorsOf(panel: ResultPanel): ValidationErrorInput[] | undefined {
    return this.errors.get(panel);
  }
}

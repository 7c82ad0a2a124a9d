/**
 * The last result file of each report, kept in the workspace state so Save As, Open
 * Externally and a panel restored after a window reload still find it. Paths only: the
 * files themselves are in the results folder (resultFiles.ts).
 */
import * as vscode from 'vscode';
import type { TaskKind } from '../../core/api/types';

const KEY = 'reportStudio.lastResults';
/** Enough for every report anyone keeps open; the oldest entries go first. */
const MAX_ENTRIES = 200;

interface Stored {
  kind: TaskKind;
  file: string;
}

export interface RememberedResult {
  kind: TaskKind;
  file: vscode.Uri;
}

export class ResultMemory {
  constructor(private readonly memento: vscode.Memento) {}

  get(report: vscode.Uri): RememberedResult | undefined {
    const s = this.all()[report.toString()];
    if (!s || (s.kind !== 'build' && s.kind !== 'preview') || typeof s.file !== 'string') return undefined;
    try {
      return { kind: s.kind, file: vscode.Uri.parse(s.file, true) };
    } catch {
      return undefined;
    }
  }

  async set(report: vscode.Uri, result: RememberedResult): Promise<void> {
    const all = this.all();
    delete all[report.toString()]; // re-inserted last = newest
    all[report.toString()] = { kind: result.kind, file: result.file.toString() };
    const keys = Object.keys(all);
    for (const k of keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES))) delete all[k];
    await this.memento.update(KEY, all);
  }

  async move(from: vscode.Uri, to: vscode.Uri): Promise<void> {
    const found = this.get(from);
    if (!found) return;
    const all = this.all();
    delete all[from.toString()];
    await this.memento.update(KEY, all);
    await this.set(to, found);
  }

  private all(): Record<string, Stored> {
    const v = this.memento.get<unknown>(KEY);
    return typeof v === 'object' && v !== null ? { ...(v as Record<string, Stored>) } : {};
  }
}

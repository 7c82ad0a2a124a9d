/**
 * Source ↔ preview sync on a service result (a Preview's JPEG or a Build's PDF): once the result
 * is on screen, the text that was sent is laid out by the local renderer (a draft: no task, no
 * quota) and its source map goes to the panel, so the cursor outlines components and a click
 * selects them there too. With the bundled local service the result came from that same
 * renderer, so the map is exact — and cheap: the draft takes the render the task just made
 * (renderReuse.ts). A result from a hosted or custom service is labelled approximate in the
 * panel (its renderer may place things differently), and its text is laid out anew, so only up
 * to MAX_HOSTED_MAP_TEXT_BYTES (mapDecision).
 */
import * as vscode from 'vscode';
import { PREVIEW_LAYOUT } from '../../core/report/previewLayout';
import type { ReportLog } from '../log';
import type { LocalServiceHost } from '../service/localServiceHost';
import type { ShownResult } from '../submit/submissions';
import type { ResultPanels } from '../viewer/resultPanels';
import { readSettings } from '../service/serviceConfig';
import type { ServiceMode } from '../../core/service/serviceChoice';

/**
 * The largest text of a hosted or custom service's result that is laid out locally for its
 * source map: that layout is a whole extra render (nothing to reuse), after every Preview and
 * Build, for an approximate map.
 * @public Read by its unit test, which require()s this module after the vscode stub (knip cannot follow that).
 */
export const MAX_HOSTED_MAP_TEXT_BYTES = 256 * 1024;

/**
 * Whether a shown result gets a source map: never with previewSync off; always for the bundled
 * service's result (its draft reuses the task's render); for another service's result only
 * when the text is at most MAX_HOSTED_MAP_TEXT_BYTES.
 * @public Read by its unit test, which require()s this module after the vscode stub (knip cannot follow that).
 */
export function mapDecision(mode: ServiceMode, previewSync: boolean, text: string): 'map' | 'off' | 'too-large' {
  if (!previewSync) return 'off';
  if (mode === 'local') return 'map';
  return Buffer.byteLength(text, 'utf8') <= MAX_HOSTED_MAP_TEXT_BYTES ? 'map' : 'too-large';
}

export interface ResultSourceMapDeps {
  panels: ResultPanels;
  local: LocalServiceHost;
  log: ReportLog;
  onDidShowResult: vscode.Event<ShownResult>;
}

/** What mapping one result did (tests read it). */
export type ResultMapOutcome = 'shown' | 'off' | 'too-large' | 'refused' | 'superseded' | 'no-panel' | 'failed';

export class ResultSourceMaps implements vscode.Disposable {
  private readonly inFlight = new Map<string, AbortController>();
  private readonly subscriptions: vscode.Disposable[] = [];
  private readonly mapped = new vscode.EventEmitter<{ report: vscode.Uri; outcome: ResultMapOutcome }>();
  /** Fires after each result was mapped (or not, saying why). */
  readonly onDidMap = this.mapped.event;

  constructor(private readonly deps: ResultSourceMapDeps) {
    this.subscriptions.push(
      this.mapped,
      deps.onDidShowResult((r) => void this.map(r)),
    );
  }

  async map(result: ShownResult): Promise<ResultMapOutcome> {
    const outcome = await this.mapOnce(result);
    this.mapped.fire({ report: result.report, outcome });
    return outcome;
  }

  dispose(): void {
    for (const c of this.inFlight.values()) c.abort(new Error('disposed'));
    this.inFlight.clear();
    for (const d of this.subscriptions) d.dispose();
  }

  private async mapOnce({ report, text, mode }: ShownResult): Promise<ResultMapOutcome> {
    const key = report.toString();
    // A newer result replaces the one being mapped, mapped or not.
    this.inFlight.get(key)?.abort(new Error('superseded by a newer result'));
    const decision = mapDecision(mode, readSettings(report).previewSync, text);
    if (decision !== 'map') return decision;
    const controller = new AbortController();
    this.inFlight.set(key, controller);
    try {
      // Rendering only: with a hosted service in use, no notice says requests go to the local one.
      const service = await this.deps.local.ensureStarted({ announce: false });
      const draft = await service.renderDraft(text, { signal: controller.signal, document: `map:${key}` });
      if (controller.signal.aborted) return 'superseded';
      // The service accepted this text; a local refusal (a form the local schema lacks) means no map.
      if (!draft.ok || !draft.pageSize) return 'refused';
      const shown = this.deps.panels.showSourceMap(report, {
        boxes: draft.boxes,
        pageSize: draft.pageSize,
        pageCount: draft.pageCount,
        approximate: mode !== 'local',
        layout: PREVIEW_LAYOUT,
      });
      return shown ? 'shown' : 'no-panel';
    } catch (error) {
      if (controller.signal.aborted) return 'superseded';
      this.deps.log.warn(`Source map of ${report.fsPath || report.toString()}: ${(error as Error).message}`);
      return 'failed';
    } finally {
      if (this.inFlight.get(key) === controller) this.inFlight.delete(key);
    }
  }
}

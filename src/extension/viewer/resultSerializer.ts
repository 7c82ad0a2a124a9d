/**
 * Brings result panels back after a window reload. VS Code keeps the viewer's state
 * (`vscode.setState`: view, page, zoom, invert, the report's URI) and hands it here; the
 * manifest's `onWebviewPanel:reportStudio.result` activation event makes sure we are there.
 */
import * as vscode from 'vscode';
import type { ViewerState } from '../../webview/protocol';
import { normalizeState } from '../../webview/viewer/state';
import { RESULT_VIEW_TYPE } from './viewerPage';
import type { RedactingLog } from '../log';

export type RestorePanel = (panel: vscode.WebviewPanel, report: vscode.Uri, state: ViewerState) => Promise<void>;

/** Parses the report URI a saved state names; undefined for a state that names none. */
function reportOfState(state: ViewerState): vscode.Uri | undefined {
  if (!state.reportUri) return undefined;
  try {
    return vscode.Uri.parse(state.reportUri, true);
  } catch {
    return undefined;
  }
}

export function registerResultSerializer(restore: RestorePanel, log: RedactingLog): vscode.Disposable {
  return vscode.window.registerWebviewPanelSerializer(RESULT_VIEW_TYPE, {
    async deserializeWebviewPanel(panel: vscode.WebviewPanel, raw: unknown): Promise<void> {
      const state = normalizeState(raw);
      const report = state && reportOfState(state);
      if (!state || !report) {
        // Without its report a panel can neither rebuild nor find its result.
        log.warn('result panel: a panel saved without its report could not be restored; closing it');
        panel.dispose();
        return;
      }
      try {
        await restore(panel, report, state);
      } catch (e) {
        log.error(`result panel: restoring the panel of ${report.toString()} failed: ${String(e)}`);
        panel.dispose();
      }
    },
  });
}

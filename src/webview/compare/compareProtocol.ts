/**
 * The contract between the extension and the compare view's webview (src/extension/compare/):
 * every message both ways and the state kept through `vscode.setState`.
 * Browser-safe: type-only imports.
 */
import type { PageDiff } from '../../core/diff/diffTypes';

/** One page as the compare view shows it: the diff's verdict and the pictures (data: URIs of PNGs). */
export interface ComparePage extends PageDiff {
  /** The old page (absent for an added page, or when unchanged pages were not drawn). */
  old?: string;
  new?: string;
}

export interface CompareResult {
  /** The report being compared (its file name), also the view's <body data-report>. */
  report: string;
  oldLabel: string;
  newLabel: string;
  oldPages: number;
  newPages: number;
  /** "page 2 changed; page 4 added", or "no change". */
  summary: string;
  /** Pixel size of the pages' pictures (the regions are in these pixels). */
  pageWidth: number;
  pageHeight: number;
  pages: ComparePage[];
}

export type CompareToWebview =
  | { type: 'comparing'; report: string; oldLabel: string; newLabel: string }
  | { type: 'result'; result: CompareResult }
  | { type: 'error'; report: string; message: string };

export type CompareFromWebview = { type: 'ready' };

/** How the pages are shown: old and new side by side, or the new page over the old one. */
export type CompareMode = 'sideBySide' | 'overlay';

export interface CompareState {
  mode: CompareMode;
}

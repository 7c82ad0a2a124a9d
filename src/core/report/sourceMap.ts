/**
 * The source map of a rendered report: where each component was drawn (page and rectangle),
 * keyed by its JSON path in the report. The renderer records it (renderPdf.ts), the live view
 * carries it to the viewer, whose sync layer reads it (src/webview/viewer/sourceBoxes.ts);
 * cursorComponent.ts is the editor's side.
 */
import type { ReportPath } from '../api/types';

/** One component on one page: PDF points from the page's top-left corner. */
export interface SourceBox {
  path: ReportPath;
  /** The component type (`Card`, `Section`, …), for a hover. */
  type: string;
  /** 1-based. */
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Boxes kept per render: far more components than any report shows; a bigger map is cut. */
export const MAX_SOURCE_BOXES = 20_000;

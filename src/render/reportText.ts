/**
 * A report's text (JSON or JSONC, as the user wrote it) laid out by the bundled renderer in
 * this process: the step the visual diff and page images share. Errors name the report by
 * `label` in plain words.
 */
import type { ReportBody } from '../core/report/types';
import { jsoncToJson } from '../core/loc/jsoncText';
import { renderReportPdf } from './renderPdf';
import type { RenderedPdf } from './renderer';

export async function renderReportText(text: string, label: string, signal?: AbortSignal): Promise<RenderedPdf> {
  let body: ReportBody;
  try {
    body = JSON.parse(jsoncToJson(text).body) as ReportBody;
  } catch (error) {
    throw new Error(`${label} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
  try {
    return await renderReportPdf(body, { signal });
  } catch (error) {
    signal?.throwIfAborted();
    throw new Error(`${label} could not be rendered: ${(error as Error).message}`, { cause: error });
  }
}

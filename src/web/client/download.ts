/**
 * The browser twin of src/core/client/download.ts (a SWAP, scripts/web-build.mjs): a page has
 * no file paths, so a report is read into memory (readReportBytes, ReportClient.getReport) and
 * the host writes it where it can (the web extension: vscode.workspace.fs).
 */
import { discard, type OpenResponse } from '../../core/client/transport';
import { FileWriteError, type DownloadedFile } from '../../core/client/reportBytes';

export { FileWriteError, readReportBytes } from '../../core/client/reportBytes';
export type { DownloadedFile, ReportFile } from '../../core/client/reportBytes';

export async function downloadToFile(res: OpenResponse, _endpoint: string, filePath: string): Promise<DownloadedFile> {
  await discard(res);
  throw new FileWriteError(
    filePath,
    new Error('writing to a file path is not available in the browser; read the report into memory (getReport) and save it from there'),
  );
}

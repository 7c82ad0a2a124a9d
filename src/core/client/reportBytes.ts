/**
 * The body of a 200 from get-report — the PDF of a build or the JPEG of a preview — checked
 * (content type, then magic bytes) and read into memory: the same on every transport. Writing it
 * to a file is download.ts (Node; the browser has no file paths).
 */
import { ReportServiceError } from './errors';
import { discard, readText, type OpenResponse } from './transport';
import { badResponse, isJsonContentType } from './responses';
import { concatBytes } from '../bytes';
import { PDF_MAGIC } from '../pdfMagic';

export interface ReportFile {
  bytes: Uint8Array;
  /** `application/pdf` or `image/jpeg` (parameters removed). */
  contentType: string;
}

export interface DownloadedFile {
  path: string;
  size: number;
  contentType: string;
}

/** File types get-report may answer with, and the magic bytes each starts with. */
const FILE_TYPES: Record<string, number[]> = {
  'application/pdf': [...PDF_MAGIC],
  'image/jpeg': [0xff, 0xd8, 0xff],
};

function mediaType(res: OpenResponse): string {
  return (res.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
}

/** Rejects a JSON/HTML answer before any byte reaches the caller or the disk. */
export async function checkFileType(res: OpenResponse, endpoint: string): Promise<string> {
  const type = mediaType(res);
  if (FILE_TYPES[type] || type === 'application/octet-stream') return type;
  if (isJsonContentType(type)) {
    const text = await readText(res, 1024 * 1024).catch(() => '');
    let detail = '';
    try {
      const d = (JSON.parse(text) as { detail?: unknown }).detail;
      if (typeof d === 'string') detail = `: ${d}`;
    } catch {
      // not even JSON: the content type alone is reported
    }
    throw badResponse(endpoint, `expected a PDF or JPEG file, got JSON${detail}`, res.status);
  }
  await discard(res);
  throw badResponse(endpoint, `expected a PDF or JPEG file, got ${type || 'no content type'}`, res.status);
}

export function checkMagic(bytes: Uint8Array, type: string, endpoint: string): string {
  const sniffed = Object.entries(FILE_TYPES).find(([, magic]) => magic.every((b, i) => bytes[i] === b))?.[0];
  if (type === 'application/octet-stream' && sniffed) return sniffed;
  if (!sniffed || sniffed !== type)
    throw badResponse(endpoint, `the file is not a valid ${type === 'application/octet-stream' ? 'PDF or JPEG' : type}`);
  return type;
}

export async function readReportBytes(res: OpenResponse, endpoint: string): Promise<ReportFile> {
  const type = await checkFileType(res, endpoint);
  try {
    const chunks: Uint8Array[] = [];
    for await (const chunk of res.body) chunks.push(chunk);
    const bytes = concatBytes(chunks);
    return { bytes, contentType: checkMagic(bytes, type, endpoint) };
  } catch (error) {
    throw error instanceof ReportServiceError ? error : res.classify(error);
  } finally {
    res.done();
  }
}

/** A failure writing the user's file: not the service's fault, so not a ReportServiceError. */
export class FileWriteError extends Error {
  constructor(
    readonly path: string,
    cause: unknown,
  ) {
    super(`cannot write ${path}: ${(cause as Error)?.message ?? String(cause)}`, { cause });
    this.name = 'FileWriteError';
  }
}

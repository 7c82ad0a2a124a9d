/**
 * The body of a 200 from get-report: the PDF of a build or the JPEG of a preview,
 * read into memory or streamed to disk. A file is first written next to its target
 * and renamed when complete, so an interrupted download never leaves half a PDF
 * where the user expects one (nor overwrites a good one). A target that is not a
 * regular file — a FIFO, a character device such as /dev/null, /dev/stdout — is
 * written into instead: renaming over it would replace the device with a file.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { randomBytes } from 'node:crypto';
import { ReportServiceError } from './errors';
import { discard, readText } from './http';
import type { OpenResponse } from './http';
import { badResponse, isJsonContentType } from './responses';
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
async function checkFileType(res: OpenResponse, endpoint: string): Promise<string> {
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

function checkMagic(bytes: Uint8Array, type: string, endpoint: string): string {
  const sniffed = Object.entries(FILE_TYPES).find(([, magic]) => magic.every((b, i) => bytes[i] === b))?.[0];
  if (type === 'application/octet-stream' && sniffed) return sniffed;
  if (!sniffed || sniffed !== type)
    throw badResponse(endpoint, `the file is not a valid ${type === 'application/octet-stream' ? 'PDF or JPEG' : type}`);
  return type;
}

export async function readReportBytes(res: OpenResponse, endpoint: string): Promise<ReportFile> {
  const type = await checkFileType(res, endpoint);
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of res.body) chunks.push(chunk as Buffer);
    const bytes = new Uint8Array(Buffer.concat(chunks));
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

/** Names of this process's own streams: written into whatever they stand for (a pipe, a terminal, a file). */
const OWN_STREAM = /^\/(dev\/(stdout|stderr|fd\/\d+)|proc\/self\/fd\/\d+)$/;

type Target = 'replace' | 'write-into';

/** How `filePath` is written: replaced by a complete file (a regular file, or none yet) or written into. */
async function targetOf(filePath: string): Promise<Target> {
  if (OWN_STREAM.test(filePath)) return 'write-into';
  let info;
  try {
    info = await stat(filePath);
  } catch {
    return 'replace';
  }
  if (info.isDirectory()) {
    throw new FileWriteError(filePath, new Error('it is a directory: give a file name inside it'));
  }
  return info.isFile() ? 'replace' : 'write-into';
}

/**
 * Into a FIFO or a device: the whole file is read and checked first, so nothing is written
 * unless it is complete (there is no rename to make it atomic).
 */
async function writeInto(res: OpenResponse, endpoint: string, filePath: string): Promise<DownloadedFile> {
  const file = await readReportBytes(res, endpoint);
  try {
    await writeFile(filePath, file.bytes);
  } catch (error) {
    throw new FileWriteError(filePath, error);
  }
  return { path: filePath, size: file.bytes.length, contentType: file.contentType };
}

export async function downloadToFile(res: OpenResponse, endpoint: string, filePath: string): Promise<DownloadedFile> {
  let target: Target;
  try {
    target = await targetOf(filePath);
  } catch (error) {
    await discard(res);
    throw error;
  }
  if (target === 'write-into') return writeInto(res, endpoint, filePath);
  const type = await checkFileType(res, endpoint);
  const dir = dirname(filePath);
  const temp = join(dir, `.${basename(filePath)}.${randomBytes(4).toString('hex')}.part`);
  let size = 0;
  const head: number[] = [];
  let writeError: unknown;
  // pipeline() hands a read failure to the file stream too: remember which side failed first.
  let readError: unknown;
  try {
    await mkdir(dir, { recursive: true }).catch((error: unknown) => {
      writeError = error;
      throw error;
    });
    const file = createWriteStream(temp).on('error', (error) => (writeError ??= error));
    await pipeline(
      res.body,
      async function* count(source: AsyncIterable<Buffer>) {
        try {
          for await (const chunk of source) {
            size += chunk.length;
            for (let i = 0; head.length < 4 && i < chunk.length; i++) head.push(chunk[i]);
            yield chunk;
          }
        } catch (error) {
          readError = error;
          throw error;
        }
      },
      file,
      { signal: res.signal },
    );
    const contentType = checkMagic(Uint8Array.from(head), type, endpoint);
    await rename(temp, filePath).catch((error: unknown) => {
      writeError = error;
      throw error;
    });
    return { path: filePath, size, contentType };
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    if (error instanceof ReportServiceError) throw error;
    if (writeError && !readError && !res.signal.aborted) throw new FileWriteError(filePath, writeError);
    throw res.classify(error);
  } finally {
    res.done();
  }
}

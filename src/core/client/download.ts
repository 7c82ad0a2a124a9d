/**
 * A get-report file streamed to disk (Node). A file is first written next to its target
 * and renamed when complete, so an interrupted download never leaves half a PDF
 * where the user expects one (nor overwrites a good one). A target that is not a
 * regular file — a FIFO, a character device such as /dev/null, /dev/stdout — is
 * written into instead: renaming over it would replace the device with a file. A symbolic link
 * is replaced, never written through (the CLI refuses one before submitting: cli/safeWrite.ts).
 * In the browser this module is swapped for src/web/client/download.ts.
 */
import { createWriteStream } from 'node:fs';
import { lstat, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { randomBytes } from 'node:crypto';
import { ReportServiceError } from './errors';
import { isOwnStream } from './ownStream';
import { discard } from './transport';
import type { OpenResponse } from './transport';
import { checkFileType, checkMagic, FileWriteError, readReportBytes, type DownloadedFile } from './reportBytes';

export { FileWriteError, readReportBytes } from './reportBytes';
export type { DownloadedFile, ReportFile } from './reportBytes';

type Target = 'replace' | 'write-into';

/** How `filePath` is written: replaced by a complete file (a regular file, or none yet) or written into. */
async function targetOf(filePath: string): Promise<Target> {
  if (isOwnStream(filePath)) return 'write-into';
  let info;
  try {
    // lstat: a symbolic link is replaced by the renamed file, never written through to what it points at.
    info = await lstat(filePath);
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
    const file = createWriteStream(temp, { flags: 'wx' }).on('error', (error) => (writeError ??= error));
    await pipeline(
      res.body,
      async function* count(source: AsyncIterable<Uint8Array>) {
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

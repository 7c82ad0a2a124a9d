/**
 * Reading a report file for `build`, `preview` and `validate`: only a regular file (a FIFO
 * would block forever, /dev/zero never ends), at most MAX_INPUT_BYTES, and valid UTF-8 —
 * bytes that are not are an error naming the byte offset, never silently replaced by U+FFFD
 * and sent. docs/cli.md, "Input files".
 */
import { constants, type Stats } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { isUtf8 } from 'node:buffer';
import { resolve } from 'node:path';
import { DEFAULT_BODY_LIMIT_BYTES } from '../core/api/types';
import type { SourceDiagnostic } from '../core/loc/diagnostics';
import { CliError } from './exitCodes';
import { printableName } from './terminalText';

/** The largest report file read: the local service's default --body-limit (10 MiB). */
export const MAX_INPUT_BYTES = DEFAULT_BODY_LIMIT_BYTES;

/** A file whose bytes are not UTF-8 (exit 1, like any other problem of the report). */
export class InvalidUtf8Error extends Error {
  constructor(
    readonly file: string,
    /** Zero-based offset of the first byte that is not part of valid UTF-8. */
    readonly byteOffset: number,
    readonly byte: number,
    /** Zero-based line and UTF-16 column of that byte. */
    readonly line: number,
    readonly column: number,
  ) {
    super(
      `${printableName(file)}: not valid UTF-8: byte 0x${byte.toString(16).padStart(2, '0')} at byte offset ${byteOffset} (line ${line + 1}, column ${column + 1})`,
    );
    this.name = 'InvalidUtf8Error';
  }

  /** The problem as a `file:line:col: error:` diagnostic. */
  diagnostic(): SourceDiagnostic {
    const at = { line: this.line, character: this.column };
    return {
      range: { start: 0, end: 0 },
      start: at,
      end: { line: this.line, character: this.column + 1 },
      message: `not valid UTF-8: byte 0x${this.byte.toString(16).padStart(2, '0')} at byte offset ${this.byteOffset}; report files must be UTF-8`,
      type: 'invalid_utf8',
      path: '(document)',
      loc: [],
      exact: true,
    };
  }
}

/** Length of the UTF-8 sequence starting at `i` when it is well-formed, else 0 (Unicode table 3-7). */
function sequenceLength(b: Uint8Array, i: number): number {
  const c = b[i];
  if (c < 0x80) return 1;
  const cont = (k: number, lo = 0x80, hi = 0xbf): boolean => i + k < b.length && b[i + k] >= lo && b[i + k] <= hi;
  if (c >= 0xc2 && c <= 0xdf) return cont(1) ? 2 : 0;
  if (c === 0xe0) return cont(1, 0xa0) && cont(2) ? 3 : 0;
  if ((c >= 0xe1 && c <= 0xec) || c === 0xee || c === 0xef) return cont(1) && cont(2) ? 3 : 0;
  if (c === 0xed) return cont(1, 0x80, 0x9f) && cont(2) ? 3 : 0;
  if (c === 0xf0) return cont(1, 0x90) && cont(2) && cont(3) ? 4 : 0;
  if (c >= 0xf1 && c <= 0xf3) return cont(1) && cont(2) && cont(3) ? 4 : 0;
  if (c === 0xf4) return cont(1, 0x80, 0x8f) && cont(2) && cont(3) ? 4 : 0;
  return 0;
}

/** Offset of the first byte that breaks UTF-8, or -1 when all of it is valid. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length;) {
    const n = sequenceLength(bytes, i);
    if (n === 0) return i;
    i += n;
  }
  return -1;
}

/** Throws InvalidUtf8Error for bytes that are not UTF-8; returns the text otherwise. */
export function decodeUtf8(file: string, bytes: Buffer): string {
  if (isUtf8(bytes)) return bytes.toString('utf8');
  const offset = firstInvalidUtf8(bytes);
  const lineStart = bytes.lastIndexOf(0x0a, offset - 1) + 1;
  let line = 0;
  for (let i = bytes.indexOf(0x0a); i !== -1 && i < offset; i = bytes.indexOf(0x0a, i + 1)) line++;
  const column = bytes.subarray(lineStart, offset).toString('utf8').length;
  throw new InvalidUtf8Error(file, offset, bytes[offset], line, column);
}

function kindOf(info: Stats): string {
  if (info.isDirectory()) return 'is a directory';
  if (info.isFIFO()) return 'is a named pipe (FIFO), not a regular file';
  if (info.isCharacterDevice()) return 'is a character device, not a regular file';
  if (info.isBlockDevice()) return 'is a block device, not a regular file';
  if (info.isSocket()) return 'is a socket, not a regular file';
  return 'is not a regular file';
}

/** `cannot read q3.report.json: no such file`; `reason` alone is what follows the name. */
export class UnreadableFileError extends CliError {
  constructor(
    file: string,
    readonly reason: string,
  ) {
    super(`cannot read ${printableName(file)}: ${reason}`);
    this.name = 'UnreadableFileError';
  }
}

const tooLarge = (file: string, size: number | string, max: number): UnreadableFileError =>
  new UnreadableFileError(file, `${size} bytes, more than the ${max} bytes (${max / 1024 / 1024} MiB) a report file may have`);

/**
 * Reads a report file. Opened non-blocking, so a FIFO without a writer cannot hang the
 * open; checked on the open handle, so the file cannot be swapped between check and read.
 */
export async function readReportInput(file: string, cwd: string, maxBytes = MAX_INPUT_BYTES): Promise<string> {
  let handle: FileHandle;
  try {
    handle = await open(resolve(cwd, file), constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0));
  } catch (error) {
    const code = (error as { code?: string }).code;
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'is a directory'
          : code === 'EACCES'
            ? 'permission denied'
            : (error as Error).message;
    throw new UnreadableFileError(file, why);
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new UnreadableFileError(file, kindOf(info));
    if (info.size > maxBytes) throw tooLarge(file, info.size, maxBytes);
    // Read until the end, never more than one byte past the cap: a file that grew since
    // stat() (or whose size a file system reports as 0) is read and capped all the same.
    let buffer = Buffer.alloc(Math.min(info.size, maxBytes) + 1);
    let length = 0;
    for (;;) {
      if (length === buffer.length) {
        if (length > maxBytes) throw tooLarge(file, `more than ${maxBytes}`, maxBytes);
        const grown = Buffer.alloc(Math.min(buffer.length * 2 + 4096, maxBytes + 1));
        buffer.copy(grown, 0, 0, length);
        buffer = grown;
      }
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    return decodeUtf8(file, buffer.subarray(0, length));
  } catch (error) {
    if (error instanceof CliError || error instanceof InvalidUtf8Error) throw error;
    throw new UnreadableFileError(file, (error as Error).message);
  } finally {
    await handle.close();
  }
}

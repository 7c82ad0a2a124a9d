/**
 * The disk holding the data folder cannot take more data: no space (ENOSPC), the user's disk
 * quota used up (EDQUOT), or mounted read-only (EROFS). Not a bug of the service nor of the
 * report: the person running the service must act, so the message says what and where.
 */

/** errno codes that mean "the data folder's disk refuses writes". */
const STORAGE_FULL_CODES: ReadonlySet<string> = new Set(['ENOSPC', 'EDQUOT', 'EROFS']);

export function isStorageFull(err: unknown): err is NodeJS.ErrnoException {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' && STORAGE_FULL_CODES.has(code);
}

/** What is wrong with the disk, naming the data folder: "no space left on the disk holding its data folder /x". */
export function storageFullReason(err: NodeJS.ErrnoException, dataDir: string): string {
  switch (err.code) {
    case 'EDQUOT':
      return `the disk quota is used up on the disk holding its data folder ${dataDir}`;
    case 'EROFS':
      return `the disk holding its data folder ${dataDir} is read-only`;
    default:
      return `no space left on the disk holding its data folder ${dataDir}`;
  }
}

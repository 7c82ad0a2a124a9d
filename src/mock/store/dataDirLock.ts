/**
 * One service per data dir: two processes sharing tasks/ and ledger.json would
 * overwrite each other's ledger. The lock is a file holding the owner's pid, created
 * exclusively; a lock whose process is gone (crash, SIGKILL) is taken over.
 */
import { promises as fs } from 'node:fs';
import { join } from 'node:path';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class DataDirInUseError extends Error {
  constructor(dir: string, pid: number) {
    super(`the data dir ${dir} is in use by another local service (pid ${pid}); stop it, use another --data-dir, or delete ${join(dir, 'service.lock')} if that process is not a local service`);
    this.name = 'DataDirInUseError';
  }
}

/** Takes the lock; resolves to its release function. */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  const path = join(dir, 'service.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await fs.writeFile(path, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
      return async () => {
        const owner = await fs.readFile(path, 'utf8').catch(() => '');
        if (Number(owner.trim()) === process.pid) await fs.rm(path, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const pid = Number((await fs.readFile(path, 'utf8').catch(() => '')).trim());
    // Our own pid: a service of this process that was not stopped; a lock from a dead process: stale.
    if (Number.isInteger(pid) && pid > 0 && alive(pid)) throw new DataDirInUseError(dir, pid);
    await fs.rm(path, { force: true });
  }
  throw new Error(`cannot lock the data dir ${dir}`);
}

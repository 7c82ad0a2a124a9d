/**
 * One service per data dir: two processes sharing tasks/ and ledger.json would
 * overwrite each other's ledger.
 *
 * The lock is a file `service.<n>.lock` holding the owner's pid and a random token. It is
 * put in place with link(): atomic, refused when the name exists, and the file is complete
 * the moment it appears (a reader never sees it empty). A lock whose process is gone (crash,
 * SIGKILL) is never deleted to make room — delete-then-create let two services each remove
 * the other's fresh lock and both run. Instead the next service takes generation n+1, again
 * by link(), so of several services started together exactly one gets it and the others
 * find it held. The winner then checks that no other live lock exists (else it backs off)
 * and removes the stale generations. `service.lock` (earlier versions) is generation 0.
 */
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { readTextIfExists } from './atomicFile';

const LOCK_FILE = /^service\.(\d{1,15})\.lock$/;
const LEGACY_LOCK = 'service.lock';
const PENDING = /^service\.\d{1,15}\.lock\.[0-9a-f]+\.pending$/;
/** A pending file older than this was left by a process that died while locking. */
const PENDING_STALE_MS = 60_000;

interface LockFile {
  name: string;
  generation: number;
}

interface Owner {
  pid: number;
  token: string;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

class DataDirInUseError extends Error {
  constructor(dir: string, pid: number, lockName: string) {
    super(
      `the data dir ${dir} is in use by another local service (pid ${pid}); stop it, use another --data-dir, or delete ${join(dir, lockName)} if that process is not a local service`,
    );
    this.name = 'DataDirInUseError';
  }
}

async function lockFiles(dir: string): Promise<LockFile[]> {
  const found: LockFile[] = [];
  for (const name of await fs.readdir(dir)) {
    if (name === LEGACY_LOCK) found.push({ name, generation: 0 });
    const m = LOCK_FILE.exec(name);
    if (m) found.push({ name, generation: Number(m[1]) });
  }
  return found.sort((a, b) => a.generation - b.generation);
}

/** The owner written in a lock; undefined when the file is gone. Unreadable content counts as a dead owner. */
async function readOwner(path: string): Promise<Owner | undefined> {
  const text = await readTextIfExists(path);
  if (text === undefined) return undefined;
  const [pid, token] = text.split('\n');
  return { pid: Number(pid.trim()), token: (token ?? '').trim() };
}

const isLive = (o: Owner): boolean => Number.isInteger(o.pid) && o.pid > 0 && alive(o.pid);

/** Puts a complete lock file at `name` unless that name exists; false when it does. */
async function linkExclusive(dir: string, name: string, content: string, token: string): Promise<boolean> {
  const pending = join(dir, `${name}.${token}.pending`);
  await fs.writeFile(pending, content, { flag: 'wx', mode: 0o600 });
  try {
    await fs.link(pending, join(dir, name));
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    await fs.rm(pending, { force: true });
  }
}

/** Pending files of processes that died between writing and linking their lock. */
async function removeDeadPending(dir: string, now: number): Promise<void> {
  for (const name of await fs.readdir(dir)) {
    if (!PENDING.test(name)) continue;
    const stat = await fs.stat(join(dir, name)).catch(() => undefined);
    if (stat && now - stat.mtimeMs > PENDING_STALE_MS) await fs.rm(join(dir, name), { force: true });
  }
}

/** Takes the lock; resolves to its release function. */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  const token = randomBytes(8).toString('hex');
  const content = `${process.pid}\n${token}\n`;
  // Each round either ends (locked or in use) or saw the dir change under it; a few suffice.
  for (let round = 0; round < 20; round++) {
    const files = await lockFiles(dir);
    const top = files[files.length - 1];
    let next = 1;
    if (top) {
      const owner = await readOwner(join(dir, top.name));
      if (!owner) continue; // its service stopped meanwhile: look again
      if (isLive(owner)) throw new DataDirInUseError(dir, owner.pid, top.name);
      next = top.generation + 1;
    }
    const name = `service.${next}.lock`;
    if (!(await linkExclusive(dir, name, content, token))) continue; // another service took it: look again
    const mine = join(dir, name);
    for (const other of await lockFiles(dir)) {
      if (other.name === name) continue;
      const owner = await readOwner(join(dir, other.name));
      if (!owner) continue;
      if (isLive(owner)) {
        // A service that locked by another generation is running: it wins, this one backs off.
        await fs.rm(mine, { force: true });
        throw new DataDirInUseError(dir, owner.pid, other.name);
      }
      await fs.rm(join(dir, other.name), { force: true });
    }
    await removeDeadPending(dir, Date.now());
    return async () => {
      const owner = await readOwner(mine);
      if (owner?.token === token) await fs.rm(mine, { force: true });
    };
  }
  throw new Error(`cannot lock the data dir ${dir}: its lock kept changing while other services started and stopped; try again`);
}

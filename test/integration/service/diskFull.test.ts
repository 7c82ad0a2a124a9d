/**
 * A full disk under the data folder (issue 19 finding 9), on a small tmpfs mounted by the test:
 * a submit answers 507 naming the data folder and leaves nothing behind (before: a bare 500, a
 * half-written temp file, a record in memory); a task whose result cannot be saved ends FAILED,
 * a long-poll waiting on it is answered, and the quota is the same in memory, on disk and after a
 * restart (before: RUNNING until the restart, its unit released in memory only).
 * Mounting needs root (CI runs as root); elsewhere the suite is skipped, saying why.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { QuotaRecord, TaskStatusResponse } from '../../../src/core/api/types';
import { gatedRenderer, report, startHarness, submit, type Harness } from './helpers';

/** The tmpfs: room for the service's own files and a few small tasks. */
const TMPFS_BYTES = 4 * 1024 * 1024;
const PLAN = { quotaSingle: 5, quotaMulti: 5 };

/** Mounts a tmpfs of `bytes` at a fresh folder; the reason it cannot, or the folder. */
function mountTmpfs(bytes: number): { dir?: string; reason?: string } {
  if (process.platform !== 'linux') return { reason: 'tmpfs mounts need Linux' };
  if (process.getuid?.() !== 0) return { reason: 'mounting a tmpfs needs root (CI runs as root)' };
  const dir = mkdtempSync(join(tmpdir(), 'rs-diskfull-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${bytes},mode=0700`, 'tmpfs', dir], { stdio: 'pipe' });
    return { dir };
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    return { reason: `mount -t tmpfs failed: ${String((err as { stderr?: Buffer }).stderr ?? err).trim()}` };
  }
}

function unmount(dir: string): void {
  try {
    execFileSync('umount', [dir], { stdio: 'pipe' });
  } catch {
    execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
  }
  rmSync(dir, { recursive: true, force: true });
}

/** Fills the disk holding `dir` to the last byte with one file; returns its path. */
function fill(dir: string): string {
  const path = join(dir, 'filler');
  const fd = openSync(path, 'w');
  const chunk = Buffer.alloc(64 * 1024, 1);
  try {
    for (;;) {
      try {
        writeSync(fd, chunk);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
        // The last partial chunk: write what still fits, byte-sized, until nothing does.
        for (let size = chunk.length / 2; size >= 1; size /= 2) {
          try {
            while (writeSync(fd, chunk, 0, size) > 0);
          } catch {
            /* ENOSPC at this size: try a smaller one */
          }
        }
        return path;
      }
    }
  } finally {
    closeSync(fd);
  }
}

/** Frees exactly one page of the tmpfs that `filler` filled (tmpfs counts whole pages). */
function leaveOnePage(filler: string): void {
  const page = Number(execFileSync('getconf', ['PAGESIZE'], { encoding: 'utf8' }).trim());
  const pages = Math.ceil(statSync(filler).size / page);
  truncateSync(filler, (pages - 1) * page);
}

describe('local service: the disk holding the data folder is full', function () {
  this.timeout(60_000);
  let dir: string;
  let h: Harness | undefined;

  before(function () {
    const m = mountTmpfs(TMPFS_BYTES);
    if (!m.dir) {
      console.warn(`    skipped: ${m.reason}`);
      this.skip();
    }
    unmount(m.dir!);
  });

  beforeEach(function () {
    const m = mountTmpfs(TMPFS_BYTES);
    if (!m.dir) this.skip();
    dir = m.dir!;
  });

  afterEach(async () => {
    await h?.stop();
    h = undefined;
    if (dir) unmount(dir);
  });

  const quota = async (s: Harness): Promise<QuotaRecord> => (await s.api('/get-remaining-quota')).json() as Promise<QuotaRecord>;

  it('a submit answers 507 naming the data folder, reserves nothing and leaves no file behind', async () => {
    h = await startHarness({ plan: PLAN }, dir);
    const filler = fill(dir);
    const res = await h.post('/build-report', report('Full disk'));
    const body = (await res.json()) as { detail: string };
    assert.equal(res.status, 507, JSON.stringify(body));
    assert.equal(
      body.detail,
      `The local service cannot save the task: no space left on the disk holding its data folder ${dir}. ` +
        'Free some space there and submit again; nothing was reserved or charged.',
    );
    assert.equal(res.headers.get('x-single-page-reports-remaining'), '5');
    assert.equal((await quota(h)).remaining_single_page_reports, 5);
    assert.deepEqual(readdirSync(join(dir, 'tasks')), [], 'no report, record or temp file left');
    rmSync(filler);
    const ok = await submit(h, report('Room again'));
    assert.equal(ok.res.status, 200);
    assert.equal((await h.waitFor(ok.taskId)).status, 'SUCCESS');
  });

  it('a task whose result cannot be saved ends FAILED: the long-poll is answered, the quota agrees in memory, on disk and after a restart', async () => {
    const gate = gatedRenderer();
    h = await startHarness({ plan: PLAN, renderer: gate.renderer }, dir);
    const { taskId } = await submit(h, report('Filled while rendering'));
    await h.waitFor(taskId, (s) => s.status === 'RUNNING');
    assert.equal((await quota(h)).remaining_single_page_reports, 4, 'reserved');
    const filler = fill(dir);
    const held = h.api(`/get-task-status?task_id=${taskId}&wait=10`);
    gate.releaseOne();
    const status = (await (await held).json()) as TaskStatusResponse;
    assert.equal(status.status, 'FAILED', JSON.stringify(status));
    assert.equal(
      status.error_message,
      `The local service could not save this task: no space left on the disk holding its data folder ${dir}`,
    );
    assert.equal((await quota(h)).remaining_single_page_reports, 5, 'released in memory');
    await h.stop();
    h = undefined;

    rmSync(filler);
    const ledger = JSON.parse(readFileSync(join(dir, 'ledger.json'), 'utf8')) as { keys: Record<string, { charges: object }> };
    for (const k of Object.values(ledger.keys)) assert.ok(!(taskId in k.charges), 'not charged on disk');
    h = await startHarness({ plan: PLAN }, dir);
    assert.equal((await h.waitFor(taskId)).status, 'FAILED', 'still FAILED after a restart');
    assert.equal((await quota(h)).remaining_single_page_reports, 5, 'and the same quota');
    assert.deepEqual(
      readdirSync(join(dir, 'files')).filter((n) => n.startsWith(taskId)),
      [],
      'no result file',
    );
  });

  it('room for the PDF but not for the charge: FAILED, the file removed, nothing charged in memory or on disk', async () => {
    const gate = gatedRenderer();
    h = await startHarness({ plan: PLAN, renderer: gate.renderer }, dir);
    const { taskId } = await submit(h, report('Charged on a full disk'));
    await h.waitFor(taskId, (s) => s.status === 'RUNNING');
    assert.equal((await quota(h)).remaining_single_page_reports, 4, 'reserved (the ledger file exists)');
    // One page: the small PDF fits in it, the ledger's next version does not.
    leaveOnePage(fill(dir));
    gate.releaseOne();
    const status = await h.waitFor(taskId);
    assert.equal(status.status, 'FAILED', JSON.stringify(status));
    assert.equal(
      status.error_message,
      `The local service could not save this task: no space left on the disk holding its data folder ${dir}`,
    );
    assert.deepEqual(readdirSync(join(dir, 'files')), [], 'the PDF was removed');
    assert.equal((await quota(h)).remaining_single_page_reports, 5, 'released in memory');
    await h.stop();
    h = undefined;
    const ledger = JSON.parse(readFileSync(join(dir, 'ledger.json'), 'utf8')) as { keys: Record<string, { charges: object }> };
    for (const k of Object.values(ledger.keys)) assert.ok(!(taskId in k.charges), 'not charged on disk');
    h = await startHarness({ plan: PLAN }, dir);
    assert.equal((await h.waitFor(taskId)).status, 'FAILED');
    assert.equal((await quota(h)).remaining_single_page_reports, 5);
  });
});

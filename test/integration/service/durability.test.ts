/**
 * Durability: tasks, files and the ledger survive a restart; a task in flight when the
 * service stopped is finished by the next start (or marked FAILED after a second
 * interruption); reports are purged after the retention time (→ 410, later 404).
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { report, reportWithPages, startHarness, submit, tempDir } from './helpers';
import { waitFor } from '../../helpers/waitFor';

describe('local service: durability', function () {
  it('a task RUNNING when the service stopped is rendered by the next start, charged once', async () => {
    const dir = tempDir();
    try {
      const a = await startHarness({ renderDelayMs: 60_000 }, dir);
      const { taskId } = await submit(a, reportWithPages(2));
      await a.waitFor(taskId, (s) => s.status === 'RUNNING');
      await a.stop();
      const onDisk = JSON.parse(readFileSync(join(dir, 'tasks', `${taskId}.json`), 'utf8'));
      assert.equal(onDisk.status, 'RUNNING');
      assert.ok(existsSync(join(dir, 'tasks', `${taskId}.report.json`)), 'the submitted report is kept until the task ends');

      const b = await startHarness({}, dir);
      try {
        assert.equal(b.key, a.key, 'the development key is kept in the data dir');
        assert.equal((await b.waitFor(taskId)).status, 'SUCCESS');
        const file = await b.api(`/get-report?task_id=${taskId}`);
        assert.equal(file.status, 200);
        assert.equal(file.headers.get('content-type'), 'application/pdf');
        const q = await (await b.api('/get-remaining-quota')).json();
        assert.equal(q.remaining_multi_page_reports, 19);
        assert.equal(q.remaining_single_page_reports, 100);
        // Dropped right after SUCCESS is on disk.
        await waitFor('the stored report to be dropped', () => !existsSync(join(dir, 'tasks', `${taskId}.report.json`)));
        assert.ok(b.logs.some((l) => l.includes(`task ${taskId} was RUNNING when the service stopped`)));
      } finally {
        await b.stop();
      }
      // A third start: nothing to resume, the finished task and its charge are still there.
      const c = await startHarness({}, dir);
      try {
        assert.deepEqual(await (await c.api(`/get-task-status?task_id=${taskId}`)).json(), { status: 'SUCCESS', error_message: null });
        assert.equal((await (await c.api('/get-remaining-quota')).json()).remaining_multi_page_reports, 19);
        assert.deepEqual(
          readdirSync(join(dir, 'tasks')).filter((n) => n.endsWith('.tmp')),
          [],
        );
      } finally {
        await c.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('QUEUED tasks and their reservations survive a restart', async () => {
    const dir = tempDir();
    try {
      const a = await startHarness({ renderDelayMs: 60_000, concurrency: 1, plan: { quotaSingle: 3 } }, dir);
      const ids = [];
      for (let i = 0; i < 3; i++) ids.push((await submit(a, report(`r${i}`))).taskId);
      await a.waitFor(ids[0], (s) => s.status === 'RUNNING');
      assert.equal((await (await a.api(`/get-task-status?task_id=${ids[2]}`)).json()).status, 'QUEUED');
      await a.stop();
      const b = await startHarness({ renderDelayMs: 300, concurrency: 1, plan: { quotaSingle: 3 } }, dir);
      try {
        // All three units are still reserved by the resumed tasks: a fourth build is refused.
        const fourth = await b.post('/build-report', report());
        assert.equal(fourth.status, 429);
        for (const id of ids) assert.equal((await b.waitFor(id)).status, 'SUCCESS');
        assert.equal((await (await b.api('/get-remaining-quota')).json()).remaining_single_page_reports, 0);
      } finally {
        await b.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a task interrupted twice is marked FAILED at the next start, and costs nothing', async () => {
    const dir = tempDir();
    try {
      const a = await startHarness({ renderDelayMs: 60_000 }, dir);
      const { taskId } = await submit(a, report());
      await a.waitFor(taskId, (s) => s.status === 'RUNNING');
      await a.stop();
      // As a crash (not a graceful stop) during the second attempt would leave it.
      const path = join(dir, 'tasks', `${taskId}.json`);
      writeFileSync(path, JSON.stringify({ ...JSON.parse(readFileSync(path, 'utf8')), attempts: 2 }));
      writeFileSync(join(dir, 'tasks', 'broken.json'), '{ not json');
      const b = await startHarness({}, dir);
      try {
        assert.deepEqual(await (await b.api(`/get-task-status?task_id=${taskId}`)).json(), {
          status: 'FAILED',
          error_message: 'The local service stopped 2 times while rendering this report; it was given up',
        });
        assert.equal((await (await b.api('/get-remaining-quota')).json()).remaining_single_page_reports, 100);
        assert.ok(b.logs.some((l) => l.startsWith('task store: ignoring unreadable broken.json')));
      } finally {
        await b.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reports are purged after the default 24 h retention → 410, and forgotten after the tombstone time → 404', async () => {
    let now = Date.UTC(2025, 5, 1, 12);
    const h = await startHarness({ now: () => now, tombstoneMs: 3_600_000 });
    try {
      const { taskId } = await submit(h, report());
      await h.waitFor(taskId);
      const file = join(h.dataDir, 'files', `${taskId}.pdf`);
      assert.ok(existsSync(file));
      now += 24 * 3_600_000 - 1000;
      assert.equal((await h.api(`/get-report?task_id=${taskId}`)).status, 200);
      now += 2000;
      const gone = await h.api(`/get-report?task_id=${taskId}`);
      assert.equal(gone.status, 410);
      const { detail } = await gone.json();
      assert.match(
        detail,
        new RegExp(
          `^Report purged: reports are kept for 24 h after the task finished \\(task ${taskId} finished 2025-06-01T12:00:\\d\\dZ\\)$`,
        ),
      );
      assert.ok(!existsSync(file), 'the file is deleted');
      assert.equal((await (await h.api(`/get-task-status?task_id=${taskId}`)).json()).status, 'SUCCESS');
      now += 3_600_000 + 1000;
      assert.equal((await h.api(`/get-report?task_id=${taskId}`)).status, 404);
      assert.ok(!existsSync(join(h.dataDir, 'tasks', `${taskId}.json`)));
    } finally {
      await h.stop();
    }
  });

  it('the retention sweeper purges files without any request (short retention)', async () => {
    const h = await startHarness({ retentionMs: 300 });
    try {
      const { taskId } = await submit(h, report());
      await h.waitFor(taskId);
      const file = join(h.dataDir, 'files', `${taskId}.pdf`);
      const purged = (): boolean => h.logs.some((l) => l === `task ${taskId}: report purged after the retention time`);
      await waitFor('the purge line', purged);
      assert.ok(!existsSync(file));
      assert.equal((await h.api(`/get-report?task_id=${taskId}`)).status, 410);
    } finally {
      await h.stop();
    }
  });
});

describe('local service: one service per data dir', function () {
  it('a second service on a data dir in use is refused; the lock is released on stop and a stale one taken over', async () => {
    const dir = tempDir();
    try {
      const a = await startHarness({}, dir);
      await assert.rejects(startHarness({}, dir), /the data dir .* is in use by another local service \(pid \d+\)/);
      await a.stop();
      assert.deepEqual(lockNames(dir), [], 'released on stop');
      writeFileSync(join(dir, 'service.lock'), '999999999\n'); // a process that does not exist
      const b = await startHarness({}, dir);
      assert.deepEqual(lockNames(dir), ['service.1.lock'], 'the stale lock is replaced by the next generation');
      await b.stop();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('after a stale lock, two services started together: exactly one runs (20 trials)', async () => {
    const dead = await exitedPid();
    for (let trial = 0; trial < 20; trial++) {
      const dir = tempDir();
      try {
        // Odd trials: a lock of an earlier version; even: one of this version (generation 7).
        if (trial % 2) writeFileSync(join(dir, 'service.lock'), `${dead}\n`);
        else writeFileSync(join(dir, 'service.7.lock'), `${dead}\nabcdef\n`);
        const started = await Promise.allSettled([startHarness({}, dir), startHarness({}, dir)]);
        const running = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
        const refused = started.flatMap((r) => (r.status === 'rejected' ? [r.reason as Error] : []));
        try {
          assert.equal(running.length, 1, `trial ${trial}: ${running.length} services run on one data dir`);
          assert.match(refused[0].message, new RegExp(`in use by another local service \\(pid ${process.pid}\\)`));
          assert.equal(lockNames(dir).length, 1, `trial ${trial}: one lock left (${lockNames(dir).join(', ')})`);
        } finally {
          await Promise.all(running.map((h) => h.stop()));
        }
        assert.deepEqual(
          readdirSync(dir).filter((n) => n.startsWith('service.')),
          [],
          'no lock or pending file left',
        );
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });
});

function lockNames(dir: string): string[] {
  return readdirSync(dir)
    .filter((n) => /^service\.(\d+\.)?lock$/.test(n))
    .sort();
}

/** The pid of a process that has exited: a stale lock's owner. */
function exitedPid(): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    child.on('error', reject);
    child.on('exit', () => resolve(child.pid!));
  });
}

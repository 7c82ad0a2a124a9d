/**
 * The task store over either volume (store/volume.ts): in memory, as the service in the browser
 * keeps it, and in a data dir on disk — a created task has its report, a committed change is
 * what a reopened store finds, a file is kept by name, and what no task refers to is removed
 * when the store opens.
 */
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { diskVolume } from '../../../../src/service/store/atomicFile';
import { TaskStore, type TaskRecord } from '../../../../src/service/store/taskStore';
import { memoryVolume, type StoreVolume } from '../../../../src/service/store/volume';
import type { ReportBody } from '../../../../src/core/report/types';

const REPORT = { type: 'Report', options: { report_title: 'Kept' }, components: [] } as unknown as ReportBody;
const record = (id: string): TaskRecord => ({
  id,
  kind: 'build',
  status: 'QUEUED',
  error_message: null,
  keyId: 'k1',
  createdAt: Date.UTC(2026, 10, 26),
  attempts: 0,
  downloadName: 'Kept',
});

const volumes: Array<[string, () => { volume: StoreVolume; root: string; done(): void }]> = [
  ['memory', () => ({ volume: memoryVolume(), root: 'data', done: () => undefined })],
  [
    'a data dir on disk',
    () => {
      const root = mkdtempSync(join(tmpdir(), 'rs-store-'));
      return { volume: diskVolume(), root, done: () => rmSync(root, { recursive: true, force: true }) };
    },
  ],
];

for (const [where, make] of volumes) {
  describe(`the task store in ${where}`, () => {
    let volume: StoreVolume;
    let root: string;
    let done: () => void;
    const log: string[] = [];

    beforeEach(() => void ({ volume, root, done } = make()));
    afterEach(() => done());

    it('keeps a task, its report, its committed changes and its file for a store opened later', async () => {
      const store = new TaskStore(volume, root);
      assert.deepEqual(await store.open((l) => log.push(l)), []);
      const task = record('t1');
      await store.create(task, REPORT);
      assert.deepEqual(await store.readReport('t1'), REPORT);
      const file = await store.writeFile('t1', 'pdf', new Uint8Array([0x25, 0x50, 0x44, 0x46]));
      await store.commit(task, { status: 'SUCCESS', file, pageCount: 1 });
      assert.equal(store.get('t1')?.status, 'SUCCESS');

      const reopened = new TaskStore(volume, root);
      const found = await reopened.open((l) => log.push(l));
      assert.deepEqual(
        found.map((r) => [r.id, r.status, r.pageCount, r.file?.name]),
        [['t1', 'SUCCESS', 1, 't1.pdf']],
      );
      assert.deepEqual([...((await volume.readBytes(reopened.filePath(file))) ?? [])], [0x25, 0x50, 0x44, 0x46]);
      assert.deepEqual(log, []);
    });

    it('removes what no task refers to when it opens, and everything of a removed task', async () => {
      const store = new TaskStore(volume, root);
      await store.open((l) => log.push(l));
      await store.create(record('t1'), REPORT);
      await store.writeFile('t1', 'jpg', new Uint8Array([0xff, 0xd8]));
      // Left by a crash between writing a report or a file and the record.
      await volume.write(volume.join(root, 'tasks', 'lost.report.json'), '{}');
      await volume.write(volume.join(root, 'files', 'lost.pdf'), new Uint8Array([1]));
      await new TaskStore(volume, root).open((l) => log.push(l));
      assert.deepEqual((await volume.list(volume.join(root, 'tasks'))).sort(), ['t1.json', 't1.report.json']);
      assert.deepEqual(await volume.list(volume.join(root, 'files')), ['t1.jpg']);

      await store.remove('t1');
      assert.deepEqual(await volume.list(volume.join(root, 'tasks')), []);
      assert.deepEqual(await volume.list(volume.join(root, 'files')), []);
    });
  });
}

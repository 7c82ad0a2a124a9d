/**
 * The render worker reads the stored report itself (renderPdfFile), so a large report is never
 * parsed on the service's event loop when its task starts; what a task needs besides the report
 * (its cloud-storage destinations) is kept on the task record at submit time.
 */
import { strict as assert } from 'node:assert';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { report, startHarness, submit, tempDir } from './helpers';
import { waitFor } from '../../helpers/waitFor';

describe('local service: the render worker reads the stored report', function () {
  this.timeout(60_000);

  it('a build with cloud storage rendered from the stored file lands in the bucket', async () => {
    const bucket = tempDir('rs-bucket-');
    // renderer: undefined → the real renderer in worker threads (the one with renderPdfFile).
    const h = await startHarness({ bucketDir: bucket, renderer: undefined });
    try {
      const { taskId } = await submit(h, report('Cloud from file', undefined, { cloud_storage: { s3: 's3://reports/monthly' } }));
      assert.equal((await h.waitFor(taskId)).status, 'SUCCESS');
      assert.ok(existsSync(join(bucket, 's3', 'reports', 'monthly', `${taskId}.pdf`)), 'uploaded to the destination kept on the record');
      // The status is saved first, then the stored report is removed: wait for that step.
      const stored = join(h.dataDir, 'tasks', `${taskId}.report.json`);
      await waitFor('the stored report to be dropped after the task', () => !existsSync(stored));
    } finally {
      await h.stop();
      rmSync(bucket, { recursive: true, force: true });
    }
  });

  it('a stored report that is gone when the task starts FAILS saying so, and costs nothing', async () => {
    const h = await startHarness({ renderer: undefined, renderDelayMs: 400 });
    try {
      const { taskId } = await submit(h, report('Vanishing'));
      rmSync(join(h.dataDir, 'tasks', `${taskId}.report.json`));
      const done = await h.waitFor(taskId);
      assert.equal(done.status, 'FAILED');
      assert.equal(done.error_message, 'The submitted report could not be read back from the data dir');
      assert.equal((await (await h.api('/get-remaining-quota')).json()).remaining_single_page_reports, 100);
    } finally {
      await h.stop();
    }
  });
});

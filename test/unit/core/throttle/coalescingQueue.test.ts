import * as assert from 'node:assert/strict';
import { CoalescingQueue } from '../../../../src/core/throttle/coalescingQueue';

/** A run that finishes only when the test says so. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((r) => (open = r));
  return { promise, open };
}

describe('CoalescingQueue (preview on save)', () => {
  it('runs at once when idle, once more for saves during a run, never in parallel', async () => {
    const q = new CoalescingQueue<string>();
    const gates = [gate(), gate()];
    let started = 0;
    let inFlight = 0;
    let maxInFlight = 0;
    const run = async (): Promise<void> => {
      const g = gates[started++];
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await g.promise;
      inFlight--;
    };
    assert.equal(q.trigger('a', run), 'started');
    assert.equal(q.trigger('a', run), 'queued');
    assert.equal(q.trigger('a', run), 'already-queued');
    assert.equal(q.trigger('a', run), 'already-queued');
    assert.equal(started, 1);
    gates[0].open();
    await new Promise((r) => setImmediate(r));
    assert.equal(started, 2, 'the queued run starts when the first ends');
    assert.ok(q.isRunning('a'));
    gates[1].open();
    await q.idle('a');
    assert.equal(started, 2, 'four saves during one run cost exactly one more run');
    assert.equal(maxInFlight, 1);
    assert.ok(!q.isRunning('a'));
  });

  it('keeps files apart', async () => {
    const q = new CoalescingQueue<string>();
    const g = gate();
    const runs: string[] = [];
    q.trigger('a', async () => {
      runs.push('a');
      await g.promise;
    });
    assert.equal(
      q.trigger('b', async () => void runs.push('b')),
      'started',
    );
    await q.idle('b');
    assert.deepEqual(runs, ['a', 'b']);
    g.open();
    await q.idle();
  });

  it('reports a failed run and goes on with the queued one', async () => {
    const errors: unknown[] = [];
    const q = new CoalescingQueue<string>((e) => errors.push(e));
    let calls = 0;
    const g = gate();
    q.trigger('a', async () => {
      calls++;
      if (calls === 1) {
        await g.promise;
        throw new Error('boom');
      }
    });
    q.trigger('a', async () => void calls++);
    g.open();
    await q.idle('a');
    assert.equal(calls, 2);
    assert.equal((errors[0] as Error).message, 'boom');
    assert.equal(
      q.trigger('a', async () => undefined),
      'started',
      'idle again after the failure',
    );
    await q.idle();
  });
});

/**
 * Worker-thread entry of the body checker (bundled as dist/body-worker.js): decodes and
 * validates large request bodies (bodyCheck.ts) so that JSON parsing, schema validation
 * and 422 assembly never block the service's event loop.
 */
import { parentPort } from 'node:worker_threads';
import { warmUpValidator } from '../validation/reportValidator';
import { checkBody } from './bodyCheck';
import type { BodyWorkerJob, BodyWorkerReply } from './bodyPool';

const port = parentPort;
if (!port) throw new Error('bodyWorker must run in a worker thread');

warmUpValidator();

port.on('message', (job: BodyWorkerJob) => {
  let reply: BodyWorkerReply;
  try {
    reply = { id: job.id, verdict: checkBody(job, true) };
  } catch (err) {
    reply = { id: job.id, error: (err as Error)?.message ?? String(err) };
  }
  port.postMessage(reply);
});

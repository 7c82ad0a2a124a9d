/**
 * A ServiceResponse written onto Node's ServerResponse: exact content-length, no body for HEAD,
 * a file piped with back-pressure (a client that hangs up does not leave it open).
 */
import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ServiceResponse } from './exchange';
import { markFullySent } from './requestLog';

export async function writeResponse(res: ServerResponse, answer: ServiceResponse): Promise<void> {
  const head = res.req.method === 'HEAD';
  const { body } = answer;
  if (body instanceof Uint8Array) {
    res.writeHead(answer.status, { ...answer.headers, 'content-length': body.length });
    res.end(head || body.length === 0 ? undefined : body);
    return;
  }
  const size = body.size;
  res.writeHead(answer.status, { ...answer.headers, 'content-length': size });
  if (head) {
    res.end();
    return;
  }
  const stream = Readable.from(body.chunks(), { objectMode: false });
  let handed = 0;
  stream.on('data', (chunk: Uint8Array) => {
    // The last chunk goes to the connection in this same event: the client may hang up before end().
    handed += chunk.length;
    if (handed >= size) markFullySent(res);
  });
  try {
    await pipeline(stream, res);
  } catch (err) {
    // The client went away (logged 499 unless every byte was handed over); a read error is the service's.
    if ((err as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') throw err;
  }
}

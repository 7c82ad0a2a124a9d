// The page's own requests when VS Code's webview service worker loses one: asked again after an
// error, asked again beside a request with no answer, each time as a new URL, a final answer
// (404) passed on at once, and the last failure once every request failed.
import { strict as assert } from 'node:assert';
import { LostRequest, askAgain } from '../../../src/webview/askAgain';
import {
  RECOVERED_PREFIX,
  RESOURCE_ATTEMPTS,
  RESOURCE_RETRY_PAUSE_MS,
  RESOURCE_STALL_MS,
  attemptUrl,
  requestedFile,
} from '../../../src/webview/pageLoader';
import { ManualTimers } from '../../helpers/manualTimers';

const URL_ = 'https://file+.vscode-resource.vscode-cdn.net/ext/media/pdfjs/pdf.min.mjs';

/** A request whose answers the test gives by hand, recording the URLs asked for. */
function requests() {
  const asked: string[] = [];
  const pending: { resolve: (v: string) => void; reject: (e: unknown) => void }[] = [];
  const request = (url: string) =>
    new Promise<string>((resolve, reject) => {
      asked.push(url);
      pending.push({ resolve, reject });
    });
  return { asked, pending, request };
}

/** Lets the promise callbacks run (the timers are manual, the microtasks are not). */
const settle = () => new Promise<void>((r) => setImmediate(r));

describe('askAgain: the page asks again for what the service worker lost', () => {
  it('asks again after a lost request, as a new URL, after a pause', async () => {
    const timers = new ManualTimers();
    const r = requests();
    const noted: string[] = [];
    const result = askAgain(URL_, r.request, timers, (line) => noted.push(line));
    assert.deepEqual(r.asked, [URL_]);
    r.pending[0].reject(new LostRequest('the request failed (Failed to fetch)'));
    await settle();
    timers.advance(RESOURCE_RETRY_PAUSE_MS - 1);
    assert.equal(r.asked.length, 1, 'not before the pause');
    timers.advance(1);
    assert.deepEqual(r.asked, [URL_, `${URL_}?attempt=2`]);
    r.pending[1].resolve('pdf.js');
    assert.equal(await result, 'pdf.js');
    assert.deepEqual(noted, [`${RECOVERED_PREFIX}${URL_} (request 2)`], 'noted as the page loader notes it (the e2e driver reads it)');
  });

  it('asks again beside a request with no answer, and takes whichever answers first', async () => {
    const timers = new ManualTimers();
    const r = requests();
    const noted: string[] = [];
    const result = askAgain(URL_, r.request, timers, (line) => noted.push(line));
    timers.advance(RESOURCE_STALL_MS - 1);
    assert.equal(r.asked.length, 1, 'a slow request is given its time');
    timers.advance(1);
    assert.deepEqual(r.asked, [URL_, `${URL_}?attempt=2`], 'the first request stays open');
    r.pending[0].resolve('first, late');
    assert.equal(await result, 'first, late');
    assert.deepEqual(noted, [], 'the first request answered: nothing to note');
    r.pending[1].resolve('second');
    timers.advance(RESOURCE_STALL_MS * RESOURCE_ATTEMPTS * RESOURCE_ATTEMPTS);
    assert.equal(r.asked.length, 2, 'nothing more once answered');
  });

  it('passes a final answer (404) on at once, without asking again', async () => {
    const timers = new ManualTimers();
    const r = requests();
    const result = askAgain(URL_, r.request, timers);
    r.pending[0].reject(new Error('HTTP 404 (the file is gone)'));
    await assert.rejects(result, /HTTP 404 \(the file is gone\)/);
    timers.advance(RESOURCE_STALL_MS * RESOURCE_ATTEMPTS * RESOURCE_ATTEMPTS);
    assert.equal(r.asked.length, 1);
  });

  it(`stops after ${RESOURCE_ATTEMPTS} requests and fails with the last failure`, async () => {
    const timers = new ManualTimers();
    const r = requests();
    const result = askAgain(URL_, r.request, timers);
    let outcome: unknown;
    result.then(
      () => (outcome = 'answered'),
      (e: Error) => (outcome = e.message),
    );
    for (let i = 0; i < RESOURCE_ATTEMPTS + 2; i++) {
      r.pending[r.pending.length - 1].reject(new LostRequest(`HTTP 408 (no answer) #${r.pending.length}`));
      await settle();
      timers.advance(RESOURCE_RETRY_PAUSE_MS * RESOURCE_ATTEMPTS);
      await settle();
      if (outcome) break;
    }
    assert.equal(r.asked.length, RESOURCE_ATTEMPTS);
    assert.deepEqual(
      r.asked,
      Array.from({ length: RESOURCE_ATTEMPTS }, (_, i) => attemptUrl(URL_, i + 1)),
    );
    assert.equal(outcome, `HTTP 408 (no answer) #${RESOURCE_ATTEMPTS}`);
    assert.equal(timers.pending, 0, 'no timer left behind');
  });

  it("keeps the URL's own query, and names the file a request was for", () => {
    const withQuery = 'https://a.vscode-cdn.net/x/report.pdf?v=3';
    assert.equal(attemptUrl(withQuery, 1), withQuery);
    assert.equal(attemptUrl(withQuery, 3), 'https://a.vscode-cdn.net/x/report.pdf?v=3&attempt=3');
    assert.equal(requestedFile(attemptUrl(withQuery, 3)), withQuery);
    assert.equal(requestedFile(attemptUrl(URL_, 2)), URL_);
  });
});

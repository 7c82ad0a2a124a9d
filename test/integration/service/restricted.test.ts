/**
 * The local service started for an untrusted workspace (`restricted`, the extension's
 * Restricted Mode): a report's images are not fetched — each is drawn as its labelled
 * placeholder, with a render note saying why — and the image server sees no request; the same
 * report on a service started in full fetches it. A task's webhook is not posted either.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readPdf } from '../../helpers/pdf';
import { png } from '../../helpers/imageFixtures';
import { report as reportBody, startHarness, submit, type Harness } from './helpers';
import { waitFor } from '../../helpers/waitFor';

describe('local service: Restricted Mode fetches nothing for a report', function () {
  this.timeout(60_000);
  let images: Server;
  let hits = 0;
  let report: string;
  const harnesses: Harness[] = [];

  before(async () => {
    images = createServer((_req, res) => {
      hits++;
      res.writeHead(200, { 'content-type': 'image/png' }).end(png());
    });
    await new Promise<void>((r) => images.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(images.address() as AddressInfo).port}/logo.png`;
    report = JSON.stringify({
      type: 'Report',
      options: { report_title: 'Untrusted' },
      components: [{ type: 'Image', options: { image_url: url } }],
    });
  });
  after(async () => {
    for (const h of harnesses) await h.stop();
    images.closeAllConnections();
    await new Promise((r) => images.close(r));
  });

  const draw = async (restricted: boolean) => {
    const h = await startHarness({ renderer: undefined, restricted });
    harnesses.push(h);
    const draft = await h.service.renderDraft(report);
    assert.ok(draft.ok, JSON.stringify(draft));
    return draft;
  };

  it('draws the placeholder "not fetched: Restricted Mode" and makes no request', async () => {
    hits = 0;
    const draft = await draw(true);
    assert.equal(hits, 0, 'the image server was not asked');
    assert.deepEqual(
      draft.notes.map((n) => [n.kind, n.message]),
      [['image-unavailable', draft.notes[0].message]],
    );
    assert.match(draft.notes[0].message, /image_url http:\/\/127\.0\.0\.1:\d+\/logo\.png not fetched: Restricted Mode/);
    const pdf = await readPdf(draft.pdf);
    assert.match(pdf.pages[0], /Image not loaded/);
    assert.match(pdf.pages[0], /not fetched: Restricted Mode/);
  });

  it('posts no webhook of a task: the delivery is skipped as Restricted Mode, the receiver hears nothing', async () => {
    let posts = 0;
    const receiver = createServer((_req, res) => {
      posts++;
      res.writeHead(200).end();
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const h = await startHarness({ restricted: true });
    harnesses.push(h);
    try {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/done`;
      const { taskId } = await submit(h, reportBody('Hooked', undefined, { webhooks: [{ url, auth_header: 'token' }] }));
      assert.equal((await h.waitFor(taskId)).status, 'SUCCESS');
      const skipped = `webhook for task ${taskId} to http://127.0.0.1:`;
      await waitFor(
        'the "skipped: not fetched: Restricted Mode" line',
        () => h.logs.some((l) => l.startsWith(skipped) && l.endsWith('skipped: not fetched: Restricted Mode')),
        10_000,
      );
      assert.equal(posts, 0);
    } finally {
      receiver.closeAllConnections();
      await new Promise((r) => receiver.close(r));
    }
  });

  it('fetches the image on a service started in full', async () => {
    hits = 0;
    const draft = await draw(false);
    assert.equal(hits, 1);
    assert.deepEqual(draft.notes, []);
  });
});

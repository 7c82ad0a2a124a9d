/**
 * Fidelity IV: bodies the hosted service takes, as the SDKs send them, over real HTTP on
 * 127.0.0.1 with the real renderer, the PDFs read back (docs/local-service.md, Compatibility):
 * numbers the newer SDK types as plain numbers, an Image whose image_url is null, the older
 * SDK's webhooks[].authHeader, and the Managed Cloud deployment's /api/v1/async paths.
 */
import { waitFor } from '../../helpers/waitFor';
import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RenderNote, TaskStatusResponse } from '../../../src/core/api/types';
import { allText, readPdf } from '../../helpers/pdf';
import { report, startHarness, submit, type Harness } from './helpers';
import type { UncheckedComponent } from '../../../src/core/report/types';

/** Builds `components`, expects SUCCESS, and returns the PDF's text and the task's notes. */
async function built(h: Harness, title: string, components: UncheckedComponent[]): Promise<{ text: string; notes: RenderNote[] }> {
  const { res, taskId } = await submit(h, report(title, components));
  assert.equal(res.status, 200, `${title}: ${await res.clone().text()}`);
  const status = await h.waitFor(taskId);
  assert.equal(status.status, 'SUCCESS', `${title}: ${status.error_message}`);
  const pdf = await h.api(`/get-report?task_id=${taskId}`);
  assert.equal(pdf.headers.get('content-type'), 'application/pdf');
  return { text: allText(await readPdf(new Uint8Array(await pdf.arrayBuffer()))), notes: status.notes ?? [] };
}

describe('local service: what the hosted service takes (Fidelity IV), real renderer over HTTP', function () {
  this.timeout(120_000);
  let h: Harness;

  before(async () => {
    h = await startHarness({ renderer: undefined, webhookRetryBaseMs: 5 });
  });
  after(() => h.stop());

  // The newer SDK types each of these as a plain `number` (no integer, no range).
  const NUMBER_BODIES: Array<[string, UncheckedComponent, string[]]> = [
    [
      'column_spacing 2.5',
      {
        type: 'Row',
        options: { column_spacing: 2.5 },
        components: [
          { type: 'Text', options: { text: 'Left column' } },
          { type: 'Text', options: { text: 'Right column' } },
        ],
      },
      ['Left column', 'Right column'],
    ],
    [
      'chart_height 40.5',
      { type: 'SparkChart.Line', options: { data: [3, 5, 4, 8], title: 'Weekly signups', subtitle: '1,284', chart_height: 40.5 } },
      ['Weekly signups', '1,284'],
    ],
    [
      'table paddings 2.5',
      {
        type: 'Table',
        options: { headings: ['Item', 'Units'], rows: [['Widgets', 120]], rows_vertical_padding: 2.5, headings_vertical_padding: 2.5 },
      },
      ['Item', 'Units', 'Widgets', '120'],
    ],
    [
      'ring margin 10.5',
      { type: 'DoughnutRing', options: { data: [{ end: 72 }], margin: 10.5, chart_title: 'Utilisation', inside_title: '72%' } },
      ['Utilisation', '72%'],
    ],
    [
      'progress 150',
      {
        type: 'ProgressBar',
        options: { title: 'Migration', progress: 150, stages: [{ name: 'Plan' }, { name: 'Build' }, { name: 'Ship' }] },
      },
      ['Migration', 'Plan', 'Build', 'Ship'],
    ],
  ];

  for (const [what, component, strings] of NUMBER_BODIES) {
    it(`${what} → 200, SUCCESS and a PDF with the content (was 422)`, async () => {
      const { text } = await built(h, what, [component]);
      for (const s of strings) assert.ok(text.includes(s), `"${s}" missing from: ${text}`);
    });
  }

  it('an Image with "image_url": null → SUCCESS with a labelled placeholder and an image-unavailable note (was FAILED)', async () => {
    const { text, notes } = await built(h, 'Logo missing', [
      { type: 'Text', options: { text: 'Before the image' } },
      { type: 'Image', options: { image_url: null, caption: 'Company logo' } },
    ]);
    assert.match(text, /Before the image.*Image not loaded no image_url or base64 components\[1\]\.options.*Company logo/);
    assert.deepEqual(notes, [
      {
        kind: 'image-unavailable',
        path: ['components', 1, 'options', 'image_url'],
        message: 'image_url and base64 are both empty — a placeholder was drawn',
      },
    ]);
  });

  it('webhooks[].authHeader (the older SDK v0.2.7–v0.3.0) is delivered as "Authorization: Bearer <authHeader>"', async () => {
    const received: IncomingHttpHeaders[] = [];
    const rx: Server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        received.push(req.headers);
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((r) => rx.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(rx.address() as AddressInfo).port}/hook`;
      const { taskId } = await submit(h, report('Hooked, camelCase', undefined, { webhooks: [{ url, authHeader: 'legacy-token-27' }] }));
      assert.equal((await h.waitFor(taskId)).status, 'SUCCESS');
      await waitFor('the webhook at the loopback receiver', () => received.length > 0);
      assert.equal(received.length, 1);
      assert.equal(received[0].authorization, 'Bearer legacy-token-27');
      assert.ok(!h.logs.join('\n').includes('legacy-token-27'), 'the token is never logged');
    } finally {
      await new Promise((r) => rx.close(r));
    }
  });

  it('/api/v1/async/<endpoint> (a Managed Cloud base URL) answers as /api/v1/<endpoint> (was 404)', async () => {
    const body = report('Managed Cloud path');
    const build = await h.post('/async/build-report', body);
    assert.equal(build.status, 200, await build.clone().text());
    const { task_id: taskId, status } = (await build.json()) as { task_id: string; status: string };
    assert.equal(status, 'QUEUED');
    let s: TaskStatusResponse | undefined;
    for (let i = 0; i < 2000 && s?.status !== 'SUCCESS'; i++) {
      const r = await h.api(`/async/get-task-status?task_id=${taskId}&wait=5`);
      assert.equal(r.status, 200);
      s = (await r.json()) as TaskStatusResponse;
      assert.notEqual(s.status, 'FAILED');
    }
    const viaAsync = await h.api(`/async/get-report?task_id=${taskId}`);
    const viaV1 = await h.api(`/get-report?task_id=${taskId}`);
    assert.equal(viaAsync.headers.get('content-type'), 'application/pdf');
    assert.deepEqual(new Uint8Array(await viaAsync.arrayBuffer()), new Uint8Array(await viaV1.arrayBuffer()));
    assert.match((await readPdf(new Uint8Array(await (await h.api(`/get-report?task_id=${taskId}`)).arrayBuffer()))).pages[0], /Hello/);

    const preview = await h.post('/async/preview-report', body);
    assert.equal(preview.status, 200);
    assert.deepEqual(await (await h.api('/async/get-remaining-quota')).json(), await (await h.api('/get-remaining-quota')).json());
    // FastAPI's other answers hold there too: an unknown endpoint, a wrong method, a trailing slash.
    assert.deepEqual([(await h.api('/async/no-such-endpoint')).status, (await h.api('/async/build-report')).status], [404, 405]);
    const slash = await h.api('/async/get-remaining-quota/', { redirect: 'manual' });
    assert.equal(slash.status, 307);
    assert.equal(slash.headers.get('location'), '/api/v1/async/get-remaining-quota');
    assert.equal((await h.api('/async/get-remaining-quota', { noKey: true })).status, 401);
  });
});

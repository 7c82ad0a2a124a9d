/**
 * The local service in the browser (dist/web/engine.js) in headless Chromium, as the web
 * extension uses it: started with `assets` reading the renderer's files from dist/, called through
 * ReportClient and runTask — every request answered in-process, nothing sent to the network. A
 * Build gives a PDF whose text reads back, a Preview a JPEG, a broken report a 422 that
 * mapValidationErrors places, each build costs one of the quota, and a draft renders. Another
 * origin goes through fetch: a service that allows the page's calls (CORS) answers, and one that
 * does not is one plain sentence naming it and pointing to the local service.
 */
import { strict as assert } from 'node:assert';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { DistPage } from '../../helpers/browserRenderer';
import { ensureBuilt } from '../../helpers/freshBuild';
import { decodeJpeg } from '../../helpers/jpeg';
import { readPdf } from '../../helpers/pdf';
import { jsoncToJson } from '../../../src/core/loc/jsoncText';

const ROOT = join(__dirname, '..', '..', '..');

interface Outcome {
  url: string;
  baseUrl: string;
  keys: number;
  quota: number[];
  build: { pdf: string; pageCount: number; quotaHeader?: number };
  preview: { jpeg: string; size?: { width: number; height: number } };
  invalid: { kind: string; status?: number; message: string; diagnostics: Array<{ message: string; line: number }> };
  draft: { ok: boolean; pageCount?: number; boxes?: number };
  brokenDraft: { ok: boolean; status?: number; problems?: number };
  download: string;
  log: string[];
}

/** Page code: the whole walk, in the page. */
const WALK = `async ({ report, broken }) => {
  const E = globalThis.ReportStudioEngine;
  const base64 = (bytes) => {
    let s = '';
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(s);
  };
  const log = [];
  const service = await E.startLocalService({
    dataDir: 'ignored in the browser',
    log: (line) => log.push(line),
    assets: async (name) => new Uint8Array(await (await fetch('/' + name)).arrayBuffer()),
  });
  const client = new E.ReportClient({ apiKey: service.apiKeys[0], baseUrl: service.baseUrl });
  try {
    const quota = [(await client.getRemainingQuota()).remaining_single_page_reports];
    const build = await E.runTask(client, { kind: 'build', report });
    quota.push((await client.getRemainingQuota()).remaining_single_page_reports);
    const preview = await E.runTask(client, { kind: 'preview', report });
    await E.runTask(client, { kind: 'build', report });
    quota.push((await client.getRemainingQuota()).remaining_single_page_reports);
    let invalid;
    try {
      await E.runTask(client, { kind: 'build', report: broken });
    } catch (err) {
      const diagnostics = E.mapValidationErrors(broken, err.details).map((d) => ({ message: d.message, line: d.start.line }));
      invalid = { kind: err.kind, status: err.status, message: err.message, diagnostics };
    }
    quota.push((await client.getRemainingQuota()).remaining_single_page_reports);
    const draft = await service.renderDraft(report);
    const brokenDraft = await service.renderDraft(broken);
    let download = '';
    try {
      await client.downloadReport(build.taskId, '/tmp/report.pdf');
    } catch (err) {
      download = err.name + ': ' + err.message;
    }
    return {
      url: service.url,
      baseUrl: service.baseUrl,
      keys: service.apiKeys.length,
      quota,
      build: { pdf: base64(build.bytes), pageCount: E.pdfPageCount(build.bytes), quotaHeader: build.quota && build.quota.singlePageRemaining },
      preview: { jpeg: base64(preview.bytes), size: E.jpegSize(preview.bytes) },
      invalid,
      draft: { ok: draft.ok, pageCount: draft.pageCount, boxes: draft.boxes && draft.boxes.length },
      brokenDraft: { ok: brokenDraft.ok, status: brokenDraft.status, problems: brokenDraft.problems },
      download,
      log,
    };
  } finally {
    await client.close();
    await service.stop();
  }
}`;

/** Page code: one call of get-remaining-quota to `baseUrl` through the browser client. */
const CALL_HOSTED = `async (baseUrl) => {
  const E = globalThis.ReportStudioEngine;
  const client = new E.ReportClient({ apiKey: 'rs_hosted_key_123', baseUrl, retry: { retries: 0 } });
  try {
    const quota = await client.getRemainingQuota();
    return { ok: true, remaining: quota.remaining_single_page_reports };
  } catch (err) {
    return { ok: false, kind: err.kind, message: err.message };
  } finally {
    await client.close();
  }
}`;

/** A stand-in for the hosted service on 127.0.0.1 (another origin than the page's): with or without CORS headers. */
async function hostedService(cors: boolean): Promise<{ url: string; server: Server; calls: string[] }> {
  const calls: string[] = [];
  const server = createServer((req, res) => {
    calls.push(`${req.method} ${req.url}`);
    const allow: Record<string, string> = cors
      ? { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'x-api-key, content-type, accept' }
      : {};
    if (req.method === 'OPTIONS') return void res.writeHead(204, allow).end();
    res.writeHead(200, { ...allow, 'content-type': 'application/json' }).end(JSON.stringify(QUOTA));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, calls };
}

const QUOTA = {
  remaining_single_page_reports: 7,
  remaining_multi_page_reports: 2,
  remaining_ai_json_completions: 0,
  max_single_page_reports: 10,
  max_multi_page_reports: 5,
  max_pages_per_report: 10,
  max_ai_json_completions: 0,
  period_start: '2026-11-01T00:00:00Z',
  period_end: '2026-12-01T00:00:00Z',
  error: null,
  subscription_active: true,
};

/** Page code: a deadline against a service that never answers, and a task cancelled while it renders in-process. */
const DEADLINES = `async (hangingUrl) => {
  const E = globalThis.ReportStudioEngine;
  const kindOf = (p) => p.then(() => 'resolved', (err) => err.kind + ': ' + err.message);
  const slow = new E.ReportClient({ apiKey: 'rs_hosted_key_123', baseUrl: hangingUrl, timeoutMs: 300, retry: { retries: 0 } });
  const timedOut = await kindOf(slow.getRemainingQuota());
  await slow.close();
  const service = await E.startLocalService({
    dataDir: 'ignored',
    renderDelayMs: 30000,
    assets: async (name) => new Uint8Array(await (await fetch('/' + name)).arrayBuffer()),
  });
  const client = new E.ReportClient({ apiKey: service.apiKeys[0], baseUrl: service.baseUrl });
  const controller = new AbortController();
  const task = E.runTask(client, {
    kind: 'preview',
    report: { type: 'Report', options: { report_title: 'Held' }, components: [{ type: 'Text', options: { text: 'rendering' } }] },
    signal: controller.signal,
    // Cancelled while it waits on the held render (submitted, not finished): the 50 ms is only
    // "after the submit"; the render never ends on its own, so any delay gives the same result.
    onProgress: (e) => e.phase === 'submitted' && setTimeout(() => controller.abort(), 50),
  });
  const cancelled = await kindOf(task);
  await client.close();
  await service.stop();
  return { timedOut, cancelled };
}`;

/** Page code: a restricted service builds a report with a remote image and a webhook. */
const RESTRICTED = `async (imageBase) => {
  const E = globalThis.ReportStudioEngine;
  const log = [];
  const service = await E.startLocalService({
    dataDir: 'ignored',
    restricted: true,
    log: (line) => log.push(line),
    assets: async (name) => new Uint8Array(await (await fetch('/' + name)).arrayBuffer()),
  });
  const client = new E.ReportClient({ apiKey: service.apiKeys[0], baseUrl: service.baseUrl });
  try {
    const report = {
      type: 'Report',
      options: { report_title: 'Untrusted' },
      components: [{ type: 'Image', options: { image_url: imageBase + '/logo.png' } }],
      config: { webhooks: [{ url: imageBase + '/hook' }] },
    };
    const built = await E.runTask(client, { kind: 'build', report });
    return { notes: built.notes.map((n) => n.kind + ': ' + n.message), log: log.filter((l) => l.includes('webhook')) };
  } finally {
    await client.close();
    await service.stop();
  }
}`;

describe('the local service in the browser (dist/web/engine.js)', function () {
  this.timeout(120_000);
  const page = new DistPage();

  before(async () => {
    ensureBuilt();
    await page.start('web/engine.js');
  });

  after(() => page.stop());

  it('builds, previews, refuses a broken report with a mapped 422, counts the quota and draws drafts, all in the page', async () => {
    const report = jsoncToJson(await readFile(join(ROOT, 'examples/invoice.report.json'), 'utf8')).body;
    const broken = '{\n  "type": "Report",\n  "options": { "report_title": 5 },\n  "components": []\n}\n';
    const got = await page.call<Outcome>(WALK, { report, broken });
    assert.deepEqual(page.problems, [], 'no page error, and no request but for the renderer files of dist/');

    assert.match(got.url, /^http:\/\/[a-z0-9-]+\.invalid$/, 'an origin that never resolves');
    assert.equal(got.baseUrl, `${got.url}/api/v1`);
    assert.equal(got.keys, 1, 'the development key');

    const pdf = Buffer.from(got.build.pdf, 'base64');
    assert.equal(pdf.subarray(0, 4).toString('latin1'), '%PDF');
    const read = await readPdf(pdf);
    assert.equal(got.build.pageCount, read.pageCount);
    assert.ok(read.pageCount >= 1);
    assert.match(read.pages.join(' '), /Invoice/i, 'the report’s text reads back');

    const jpeg = Buffer.from(got.preview.jpeg, 'base64');
    const decoded = decodeJpeg(jpeg);
    assert.deepEqual(got.preview.size, { width: decoded.width, height: decoded.height });
    assert.ok(decoded.width > 500 && decoded.height > 500, `a page-sized preview (${decoded.width}×${decoded.height})`);

    const [start, afterOne, afterTwo, afterInvalid] = got.quota;
    assert.deepEqual([afterOne, afterTwo, afterInvalid], [start - 1, start - 2, start - 2], 'one per build; none for a preview or a 422');
    assert.equal(got.build.quotaHeader, start - 1, 'the submit carried the quota headers');

    assert.equal(got.invalid.kind, 'validation');
    assert.equal(got.invalid.status, 422);
    assert.ok(got.invalid.diagnostics.length >= 1, got.invalid.message);
    assert.equal(got.invalid.diagnostics[0].line, 2, 'placed on the report_title line (zero-based)');

    assert.equal(got.draft.ok, true);
    assert.equal(got.draft.pageCount, read.pageCount);
    assert.ok((got.draft.boxes ?? 0) > 0, 'source ↔ preview boxes');
    assert.deepEqual(got.brokenDraft, { ok: false, status: 422, problems: 1 });

    assert.match(got.download, /^FileWriteError: .*not available in the browser/);
    assert.ok(
      got.log.some((l) => / POST \/api\/v1\/build-report 200 /.test(l)),
      'the request log, as over HTTP',
    );
  });

  it('calls another origin through fetch: a service that allows the page answers; one that does not is one plain sentence', async () => {
    const [open, closed] = await Promise.all([hostedService(true), hostedService(false)]);
    try {
      const allowed = await page.call<{ ok: boolean; remaining?: number }>(CALL_HOSTED, `${open.url}/api/v1`);
      assert.deepEqual(allowed, { ok: true, remaining: 7 });
      const blocked = await page.call<{ ok: boolean; kind?: string; message?: string }>(CALL_HOSTED, `${closed.url}/api/v1`);
      assert.equal(blocked.kind, 'network');
      assert.equal(
        blocked.message,
        `The browser blocked the request to ${closed.url}: that service does not allow calls from this page ` +
          '(or cannot be reached from it), but the bundled local service works here.',
      );
      assert.doesNotMatch(blocked.message ?? '', /rs_hosted_key/);
      assert.ok(closed.calls.length > 0, 'the browser asked the service (its preflight), then refused the answer');
      assert.deepEqual(
        page.problems.filter((p) => !p.startsWith(`request to ${open.url}/`) && !p.startsWith(`request to ${closed.url}/`)),
        [],
      );
    } finally {
      await Promise.all([open, closed].map((h) => new Promise<void>((resolve) => h.server.close(() => resolve()))));
    }
  });

  it('keeps the client’s deadlines and cancellation in the browser: a timeout, and a task cancelled while held in-process', async () => {
    const hanging = createServer((req, res) => {
      // Preflights pass; the call itself is never answered.
      if (req.method === 'OPTIONS')
        res.writeHead(204, { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'x-api-key, content-type, accept' }).end();
    });
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
    try {
      const got = await page.call<{ timedOut: string; cancelled: string }>(DEADLINES, `${url}/api/v1`);
      assert.match(got.timedOut, /^timeout: GET \/get-remaining-quota: no complete answer within 300 ms$/);
      assert.match(got.cancelled, /^cancelled: /);
    } finally {
      hanging.closeAllConnections();
      await new Promise<void>((resolve) => hanging.close(() => resolve()));
    }
  });

  it('honours restricted: no image fetched (a labelled placeholder), no webhook sent', async () => {
    const other = await hostedService(true);
    try {
      const got = await page.call<{ notes: string[]; log: string[] }>(RESTRICTED, other.url);
      assert.equal(got.notes.length, 1);
      assert.match(got.notes[0], /^image-unavailable: .*not fetched: Restricted Mode/);
      assert.deepEqual(got.log, [
        `webhook for task ${/task (\S+)/.exec(got.log[0] ?? '')?.[1]} to ${other.url} not sent: Restricted Mode sends nothing on a report’s behalf`,
      ]);
      assert.deepEqual(other.calls, [], 'nothing reached the other server');
    } finally {
      await new Promise<void>((resolve) => other.server.close(() => resolve()));
    }
  });
});

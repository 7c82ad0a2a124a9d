/**
 * The local service's submit check in the browser (dist/web/engine.js, checkSubmission) answers
 * every body of the broken-report corpus, and the bodies the service treats specially (empty,
 * null, not JSON, NaN, too deep, not UTF-8, another content type, too large), with the very status and
 * `{"detail": …}` text the HTTP service answers for the same bytes — and accepts what it accepts.
 */
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DistPage } from '../../helpers/browserRenderer';
import { ensureBuilt } from '../../helpers/freshBuild';
import { startHarness, type Harness } from '../service/helpers';

const ROOT = join(__dirname, '..', '..', '..');
const BROKEN = join(ROOT, 'test/fixtures/broken');

interface Case {
  name: string;
  /** The body as latin1 text: one character per byte, so invalid UTF-8 travels to the page intact. */
  bytes: string;
  contentType: string;
}

const CHECK = `async (cases) => cases.map((c) => {
  const bytes = Uint8Array.from(c.bytes, (ch) => ch.charCodeAt(0));
  const r = globalThis.ReportStudioEngine.checkSubmission(bytes, c.contentType);
  return r.ok ? { status: 200 } : { status: r.status, body: r.body };
}).map((answer, i) => ({ name: cases[i].name, ...answer }))`;

const json = (name: string, text: string, contentType = 'application/json'): Case => ({
  name,
  bytes: Buffer.from(text, 'utf8').toString('latin1'),
  contentType,
});

function cases(): Case[] {
  const broken = readdirSync(BROKEN)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => json(f, readFileSync(join(BROKEN, f), 'utf8')));
  const deep = '{"type":"Report","components":' + '['.repeat(70) + ']'.repeat(70) + '}';
  return [
    ...broken,
    json('an example', readFileSync(join(ROOT, 'examples/invoice.report.json'), 'utf8')),
    json('an empty body', ''),
    json('null', 'null'),
    json('not JSON', 'not json at all {'),
    json('NaN in a number', '{"type":"Report","options":{"report_title":NaN},"components":[]}'),
    json('nested beyond the depth limit', deep),
    json('a text content type', '{"type":"Report","components":[]}', 'text/plain'),
    json('over the body limit', `{"type":"Report","components":[],"padding":"${'x'.repeat(10 * 1024 * 1024)}"}`),
    {
      name: 'invalid UTF-8',
      bytes: '{"type":"Report","options":{"report_title":"\xff\xfe"},"components":[]}',
      contentType: 'application/json',
    },
  ];
}

describe('the local service check in the browser (dist/web/engine.js)', function () {
  this.timeout(120_000);
  const page = new DistPage();
  let service: Harness;

  before(async () => {
    ensureBuilt();
    service = await startHarness();
    await page.start('web/engine.js');
  });

  after(async () => {
    await page.stop();
    await service?.stop();
  });

  it('answers each body with the status and detail text of the HTTP service', async () => {
    const all = cases();
    const inBrowser = await page.call<Array<{ name: string; status: number; body?: string }>>(CHECK, all);
    assert.deepEqual(page.problems, []);
    const over: Array<{ name: string; status: number; body?: string }> = [];
    for (const c of all) {
      const res = await service.api('/preview-report', {
        method: 'POST',
        headers: { 'content-type': c.contentType },
        body: Buffer.from(c.bytes, 'latin1'),
      });
      const text = await res.text();
      over.push(res.status === 200 ? { name: c.name, status: 200 } : { name: c.name, status: res.status, body: text });
    }
    assert.deepEqual(inBrowser, over);
    const statuses = new Set(over.map((a) => a.status));
    for (const s of [200, 400, 413, 422]) assert.ok(statuses.has(s), `the cases include a ${s}`);
  });
});

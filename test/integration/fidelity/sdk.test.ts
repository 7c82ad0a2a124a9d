// The public Node SDK on npm (@hybiscus/web-api 1.0.0, the older official SDK), unchanged,
// against the local service. The SDK hard-codes https://api.hybiscus.dev in its transport;
// its documented second constructor argument (a fetch implementation) is given a wrapper
// that rewrites only the origin to the local service on 127.0.0.1 and refuses any other
// address. Nothing else is patched: the SDK builds the request bodies, sends its own
// headers, polls get-task-status its own way and returns its own get-report URL, which the
// test then downloads through the same wrapper.
import { strict as assert } from 'node:assert';
import { HybiscusClient, Report, Components } from '@hybiscus/web-api';
import { startHarness, type Harness } from '../service/helpers';
import { readPdf, allText } from '../../helpers/pdf';
import { decodeJpeg, isJpeg, meanLuminance } from '../../helpers/jpeg';
import { expectedStrings, found, normalise } from './expectedText';
import { loadCorpus, startImageServer, withOrigins } from './corpus';

type Json = Record<string, unknown>;
const HOSTED_ORIGIN = 'https://api.hybiscus.dev';

/** fetch for the SDK: the hosted origin becomes the local service's; every call is recorded (path only, never the key). */
function localFetch(localOrigin: string, calls: string[]): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (!url.startsWith(`${HOSTED_ORIGIN}/`)) throw new Error(`the SDK asked for an unexpected address (${new URL(url).origin})`);
    const local = localOrigin + url.slice(HOSTED_ORIGIN.length);
    calls.push(`${init?.method ?? 'GET'} ${new URL(local).pathname}`);
    return fetch(local, init);
  }) as typeof fetch;
}

/** SDK component classes by the type they emit (the older SDK's BarChartV2 emits "BarChart", so the core class keeps that name). */
function sdkClasses(): Map<string, new (options: Json) => { componentType: string }> {
  const map = new Map<string, new (options: Json) => { componentType: string }>();
  for (const group of [Components.Core, Components.PremiumComponents] as unknown as Array<
    Record<string, new (options: Json) => { componentType: string }>
  >) {
    for (const Cls of Object.values(group)) {
      const type = new Cls({}).componentType;
      if (!map.has(type)) map.set(type, Cls);
    }
  }
  return map;
}

/** The corpus report rebuilt with the SDK's Report and component classes, as its README shows. */
function toSdkReport(body: Json): Report {
  const classes = sdkClasses();
  const make = (c: Json): unknown => {
    const Cls = classes.get(String(c.type));
    if (!Cls) throw new Error(`the SDK has no class for ${String(c.type)}`);
    const component = new Cls((c.options ?? {}) as Json) as unknown as { addComponents?: (list: unknown[]) => unknown };
    if (Array.isArray(c.components)) component.addComponents!(c.components.map((x) => make(x as Json)));
    return component;
  };
  return new Report((body.options ?? {}) as never, (body.config ?? {}) as never).addComponents(
    (body.components as Json[]).map(make) as never,
  );
}

describe('public Node SDK (@hybiscus/web-api) against the local service, only its fetch pointed at 127.0.0.1', function () {
  this.timeout(120_000);
  const corpus = new Map(loadCorpus().map((f) => [f.name, f]));
  let h: Harness;
  let images: Awaited<ReturnType<typeof startImageServer>>;
  let client: HybiscusClient;
  const calls: string[] = [];
  let live: { images: string; unreachable: string; webhooks: string };

  const body = (name: string): Json => withOrigins(corpus.get(name)!.text, live) as Json;

  /** Downloads the SDK's own result URL (hosted origin, key in the query) through the same rewrite. */
  async function download(url: string | null): Promise<Uint8Array> {
    if (!url?.startsWith(`${HOSTED_ORIGIN}/api/v1/get-report?task_id=`)) throw new Error('the SDK returned no get-report URL');
    const res = await localFetch(new URL(h.service.baseUrl).origin, calls)(url);
    assert.equal(res.status, 200, `get-report through the SDK's URL answered ${res.status}`);
    return new Uint8Array(await res.arrayBuffer());
  }

  async function assertPdfCarries(name: string, pdf: Uint8Array): Promise<void> {
    const contents = await readPdf(pdf);
    assert.equal(contents.pageCount, corpus.get(name)!.expectation.pages, `${name}: page count`);
    const text = normalise(allText(contents));
    const missing = expectedStrings(body(name)).filter((e) => !found(text, e));
    assert.deepEqual(
      missing.map((m) => `${m.path} = ${m.text}`),
      [],
      `${name}: strings missing from the PDF`,
    );
  }

  function assertPreview(name: string, jpeg: Uint8Array): void {
    assert.ok(isJpeg(jpeg), `${name}: the preview is not a JPEG`);
    const img = decodeJpeg(jpeg);
    assert.ok(img.width >= 200 && img.height > img.width, `${name}: preview ${img.width}×${img.height} is not a portrait page`);
    const lum = meanLuminance(img);
    assert.ok(lum > 40 && lum < 254, `${name}: preview mean luminance ${lum.toFixed(1)} (blank or black page)`);
  }

  before(async () => {
    images = await startImageServer();
    live = { images: images.origin, unreachable: 'http://127.0.0.1:1', webhooks: 'http://127.0.0.1:1' };
    h = await startHarness({ renderer: undefined });
    client = new HybiscusClient(h.key, localFetch(new URL(h.service.baseUrl).origin, calls) as never);
  });

  after(async () => {
    await h?.stop();
    await images?.stop();
  });

  it('the README quick start, made with the SDK classes, is exactly the corpus body and builds a PDF carrying all of it', async () => {
    const name = 'sdk-legacy-readme-quickstart.report.json';
    const report = toSdkReport(body(name));
    assert.deepEqual(report.getDefinition(), body(name), 'the SDK classes produce another body than the corpus file');
    calls.length = 0;
    const result = await client.buildReport({ report });
    assert.equal(result.status, 'SUCCESS', `buildReport: ${result.status} ${result.errorMessage ?? ''}`);
    assert.equal(result.errorMessage, null);
    assert.ok(
      calls.includes('POST /api/v1/build-report') && calls.includes('GET /api/v1/get-task-status'),
      `SDK calls: ${calls.join(', ')}`,
    );
    await assertPdfCarries(name, await download(result.url));
  });

  it('a premium DoughnutRing report, made with the SDK classes, previews as a JPEG page', async () => {
    const name = 'premium-doughnut-rings.report.json';
    const report = toSdkReport(body(name));
    assert.deepEqual(report.getDefinition(), body(name), 'the SDK classes produce another body than the corpus file');
    calls.length = 0;
    const result = await client.previewReport({ report });
    assert.equal(result.status, 'SUCCESS', `previewReport: ${result.status} ${result.errorMessage ?? ''}`);
    assert.ok(calls.includes('POST /api/v1/preview-report'), `SDK calls: ${calls.join(', ')}`);
    assertPreview(name, await download(result.url));
  });

  it('the official invoice sample as raw JSON (reportSchema) builds a PDF carrying all of it, SVG logo included', async () => {
    const name = 'invoice-sample.report.json';
    const result = await client.buildReport({ reportSchema: body(name) as never });
    assert.equal(result.status, 'SUCCESS', `buildReport: ${result.status} ${result.errorMessage ?? ''}`);
    await assertPdfCarries(name, await download(result.url));
    assert.ok(images.requests.includes('/emblem.svg'), 'the local service never fetched the invoice logo');
  });

  it('the Airtable script output as raw JSON (reportSchema) previews as a JPEG page', async () => {
    const name = 'airtable-script-output.report.json';
    const result = await client.previewReport({ reportSchema: body(name) as never });
    assert.equal(result.status, 'SUCCESS', `previewReport: ${result.status} ${result.errorMessage ?? ''}`);
    assertPreview(name, await download(result.url));
  });

  it('a report the local service rejects comes back through the SDK as FAILED with the 422 detail', async () => {
    const result = await client.buildReport({
      reportSchema: { type: 'Report', options: {}, components: [{ type: 'Text', options: {} }] } as never,
    });
    assert.equal(result.status, 'FAILED');
    assert.equal(result.taskID, null);
    assert.match(JSON.stringify(result.errorMessage), /components.*text|text.*missing|Field required/i);
  });
});

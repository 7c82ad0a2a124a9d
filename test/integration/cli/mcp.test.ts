/**
 * `report-studio mcp` as an agent's client runs it: `node dist/cli.js mcp` driven by the SDK's
 * own Client over stdio. Every tool, a broken report, a 10-page report's images (decoded with
 * pngjs), every kind of bad input, the key kept out of results and logs, the client's roots,
 * and a scripted agent loop without a model: validate's suggested edits applied until the
 * report is clean, then render.
 */
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ListRootsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { PNG } from 'pngjs';
import { startLocalService, type LocalService } from '../../../src/service/service';
import { buildOnce, cleanEnv, CLI, ROOT } from './cliHarness';

interface Problem {
  severity: string;
  source: string;
  message: string;
  path: string;
  start: { line: number; column: number };
  fixes: Array<{ title: string; preferred: boolean; edit: { offset: number; length: number; newText: string } }>;
}

/** A multi-page report of `pages` pages: a Text on each, a PageBreak between them. */
function pagedReport(pages: number): string {
  const components = [];
  for (let p = 1; p <= pages; p++) {
    if (p > 1) components.push({ type: 'PageBreak' });
    components.push({
      type: 'Section',
      options: { section_title: `Part ${p}` },
      components: [{ type: 'Text', options: { text: `Page ${p}.` } }],
    });
  }
  return JSON.stringify(
    { type: 'Report', options: { report_title: 'Ten pages' }, config: { enable_multi_page: true }, components },
    null,
    2,
  );
}

const texts = (r: CallToolResult): string => r.content.flatMap((c) => (c.type === 'text' ? [c.text] : [])).join('\n');
const images = (r: CallToolResult): PNG[] =>
  r.content.flatMap((c) => (c.type === 'image' ? [PNG.sync.read(Buffer.from(c.data, 'base64'))] : []));

/** A4 at 96 dpi, as PDFium rounds it (595.28 × 841.89 pt). */
const A4_96 = { width: Math.floor((595.28 * 96) / 72), height: Math.floor((841.89 * 96) / 72) };

describe('CLI: mcp (stdio MCP server)', function () {
  this.timeout(300_000);
  const KEY_PLACEHOLDER = 'key of the test service';
  let dir: string;
  let service: LocalService;
  let key: string;
  let client: Client;
  let transport: StdioClientTransport;
  let serverLog: () => string = () => '';

  const call = async (name: string, args: Record<string, unknown>): Promise<CallToolResult> =>
    (await client.callTool({ name, arguments: args })) as CallToolResult;

  /** Whatever came back: every text part and the structured content. */
  const everything = (r: CallToolResult): string => `${texts(r)}\n${JSON.stringify(r.structuredContent ?? {})}`;

  async function connect(
    env: NodeJS.ProcessEnv,
    args: string[] = [],
    cwd = dir,
    roots?: string[],
  ): Promise<{ client: Client; transport: StdioClientTransport; log: () => string }> {
    const t = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, 'mcp', ...args],
      cwd,
      env: env as Record<string, string>,
      stderr: 'pipe',
    });
    let log = '';
    t.stderr?.on('data', (c: Buffer) => (log += c.toString('utf8')));
    const c = new Client({ name: 'mcp-test', version: '1.0.0' }, roots ? { capabilities: { roots: { listChanged: true } } } : {});
    if (roots)
      c.setRequestHandler(ListRootsRequestSchema, () => ({ roots: roots.map((r) => ({ uri: pathToFileURL(r).href, name: 'root' })) }));
    await c.connect(t);
    return { client: c, transport: t, log: () => log };
  }

  before(async () => {
    await buildOnce();
    dir = await mkdtemp(join(tmpdir(), 'rs-cli-mcp-'));
    await cp(join(ROOT, 'examples', 'kpi-dashboard.report.json'), join(dir, 'kpi.report.json'));
    await cp(join(ROOT, 'test', 'fixtures', 'broken'), join(dir, 'broken'), { recursive: true });
    await writeFile(join(dir, 'ten.report.json'), pagedReport(10));
    // A repository whose HEAD holds kpi.report.json, for diff against HEAD.
    const git = (...a: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...a], { cwd: dir });
    git('init', '-q');
    git('add', 'kpi.report.json');
    git('commit', '-q', '-m', 'kpi');
    // One render worker: the tests ask one thing at a time; each worker loads the renderer and compiles PDFium.
    service = await startLocalService({ port: 0, dataDir: join(dir, '.service'), concurrency: 1, log: () => undefined });
    key = service.apiKeys[0];
    const session = await connect(cleanEnv({ REPORT_STUDIO_API_KEY: key, REPORT_STUDIO_BASE_URL: service.baseUrl }));
    ({ client, transport } = session);
    serverLog = session.log;
  });

  after(async () => {
    await client?.close();
    await transport?.close();
    await service?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('the MCP SDK is in dist/mcp.js only, without its HTTP parts (express, hono, SSE, streamable HTTP)', async () => {
    // Read from the bundles' text, which a minified production build keeps too: the protocol's
    // method names come only with the SDK; the HTTP transports' markers only with those parts.
    const bundle = (name: string) => readFile(join(ROOT, 'dist', name), 'utf8');
    const [cli, engine, mcp] = await Promise.all([bundle('cli.js'), bundle('engine.js'), bundle('mcp.js')]);
    const sdk = /notifications\/initialized|"tools\/list"/;
    assert.ok(sdk.test(mcp), 'dist/mcp.js holds the SDK');
    assert.ok(!sdk.test(cli), 'dist/cli.js loads the SDK only for `mcp` (from dist/mcp.js)');
    assert.ok(!sdk.test(engine), "dist/engine.js (the extension's engine) holds no SDK");
    for (const marker of ['x-powered-by', 'StreamableHTTPServerTransport', 'SSEServerTransport', 'Hono'])
      assert.ok(!mcp.includes(marker), `dist/mcp.js holds ${marker}`);
  });

  it('lists the seven tools; build declares that it spends quota and what a single- and a multi-page build cost', async () => {
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), ['build', 'component_docs', 'diff', 'preview', 'quota', 'render', 'validate']);
    const build = tools.find((t) => t.name === 'build')!;
    assert.equal(build.annotations?.destructiveHint, true);
    assert.equal(build.annotations?.openWorldHint, true);
    assert.equal(build.annotations?.readOnlyHint, false);
    assert.match(build.description ?? '', /single-page report costs 1 single-page report/);
    assert.match(build.description ?? '', /multi-page report .* costs 1 multi-page report/);
    const render = tools.find((t) => t.name === 'render')!;
    assert.equal(render.annotations?.readOnlyHint, true);
    assert.equal(render.annotations?.openWorldHint, false);
    assert.deepEqual(Object.keys(render.inputSchema.properties ?? {}).sort(), ['dpi', 'pages', 'path', 'text']);
  });

  it('validate: a broken report → its problem at line and column, in plain words, with the quick fix as a text edit', async () => {
    const r = await call('validate', { path: 'broken/01-card-missing-value.report.json' });
    assert.equal(r.isError, undefined, texts(r));
    const data = r.structuredContent as { valid: boolean; problems: Problem[] };
    assert.equal(data.valid, false);
    const missing = data.problems.find((p) => p.path.endsWith('options.value') || p.path.endsWith('options'))!;
    assert.ok(missing, JSON.stringify(data.problems));
    assert.equal(missing.severity, 'error');
    assert.equal(missing.source, 'service');
    assert.match(missing.message, /value/);
    assert.ok(missing.start.line > 1 && missing.start.column > 1);
    assert.ok(missing.fixes.length > 0, 'a quick fix');
    assert.match(texts(r), /line \d+, column \d+/);
  });

  it('validate: a clean report has no problems; the render notes of a report too long for one page are warnings with the multi-page fix', async () => {
    const clean = await call('validate', { path: 'kpi.report.json' });
    assert.equal((clean.structuredContent as { valid: boolean }).valid, true, texts(clean));
    assert.equal((clean.structuredContent as { problem_count: number }).problem_count, 0, texts(clean));
    // The ten pages with multi-page off: content is cut at the end of page 1.
    const single = pagedReport(10).replace('"enable_multi_page": true', '"enable_multi_page": false');
    const r = await call('validate', { text: single });
    const problems = (r.structuredContent as { problems: Problem[] }).problems;
    const overflow = problems.find((p) => p.source === 'render');
    assert.ok(overflow, texts(r));
    const { offset, length, newText } = overflow.fixes[0].edit;
    assert.match(single.slice(0, offset) + newText + single.slice(offset + length), /"enable_multi_page": true/);
  });

  it('render: a one-page report as one PNG at 96 dpi, A4 793 px wide, decoded', async () => {
    const r = await call('render', { path: 'kpi.report.json' });
    assert.equal(r.isError, undefined, texts(r));
    const [page, ...more] = images(r);
    assert.equal(more.length, 0);
    assert.equal(page.width, A4_96.width);
    assert.ok(Math.abs(page.height - A4_96.height) <= 1, `height ${page.height}`);
    assert.equal((r.structuredContent as { page_count: number }).page_count, 1);
  });

  it('render: a 10-page report → the first 3 pages by default; "1-10" all ten, each a decodable A4 PNG; dpi scales them', async () => {
    const first = await call('render', { path: 'ten.report.json' });
    assert.equal(images(first).length, 3, texts(first));
    assert.match(texts(first), /10 pages.*\n7 pages not drawn/);
    const all = await call('render', { path: 'ten.report.json', pages: '1-10' });
    const pngs = images(all);
    assert.equal(pngs.length, 10, texts(all));
    for (const png of pngs) assert.equal(png.width, A4_96.width);
    assert.deepEqual(
      (all.structuredContent as { pages: Array<{ page: number }> }).pages.map((p) => p.page),
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
    );
    const open = await call('render', { path: 'ten.report.json', pages: '9-', dpi: 48 });
    assert.deepEqual(
      images(open).map((p) => p.width),
      [Math.floor((595.28 * 48) / 72), Math.floor((595.28 * 48) / 72)],
    );
  });

  it('component_docs: the list of types; one type with defaults, bounds and an example that validates', async () => {
    const list = await call('component_docs', {});
    assert.ok((list.structuredContent as { types: Array<{ type: string }> }).types.some((t) => t.type === 'Card'));
    const card = await call('component_docs', { type: 'Card' });
    const doc = (
      card.structuredContent as { component: { options: Array<{ name: string; required: boolean; default?: unknown }>; example: unknown } }
    ).component;
    assert.ok(doc.options.find((o) => o.name === 'value')?.required);
    assert.equal(doc.options.find((o) => o.name === 'highlighted')?.default, false);
    const report = { type: 'Report', options: { report_title: 'x' }, components: [doc.example] };
    const check = await call('validate', { text: JSON.stringify(report) });
    assert.equal((check.structuredContent as { valid: boolean }).valid, true, texts(check));
    const wrong = await call('component_docs', { type: 'card' });
    assert.equal(wrong.isError, true);
    assert.match(texts(wrong), /no component type "card"; did you mean "Card"/);
  });

  it('preview and build write beside the report and say the quota left; build spends 1 single-page report', async () => {
    const before = (await call('quota', {})).structuredContent as { quota: { remaining_single_page_reports: number } };
    const preview = await call('preview', { path: 'kpi.report.json' });
    assert.equal(preview.isError, undefined, texts(preview));
    assert.ok((await stat(join(dir, 'kpi.preview.jpg'))).size > 0);
    const build = await call('build', { path: 'kpi.report.json' });
    assert.equal(build.isError, undefined, texts(build));
    const pdf = await readFile(join(dir, 'kpi.pdf'));
    assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
    const data = build.structuredContent as { cost: string; quota: { single_page_remaining: number } };
    assert.equal(data.cost, 'single');
    assert.equal(data.quota.single_page_remaining, before.quota.remaining_single_page_reports - 1);
    assert.match(texts(build), /Quota left: \d+ single-page/);
    const quota = await call('quota', {});
    assert.match(texts(quota), /Single-page reports: \d+ of \d+ left/);
  });

  it('build of a broken report: the service rejects it, its problems come back as an error result, nothing is written', async () => {
    const r = await call('build', { path: 'broken/08-report-title-number.report.json', output: 'broken8.pdf' });
    assert.equal(r.isError, true);
    assert.match(texts(r), /rejected .* nothing was made/);
    assert.ok((r.structuredContent as { problems: Problem[] }).problems.length > 0);
    await assert.rejects(stat(join(dir, 'broken8.pdf')));
  });

  it('diff: against git HEAD (unchanged, then changed) and against another file, changed pages as images', async () => {
    const same = await call('diff', { path: 'kpi.report.json' });
    assert.equal(same.isError, undefined, texts(same));
    assert.equal((same.structuredContent as { changed: boolean }).changed, false, texts(same));
    const text = await readFile(join(dir, 'kpi.report.json'), 'utf8');
    await writeFile(join(dir, 'kpi2.report.json'), text.replace(/"report_title": "[^"]*"/, '"report_title": "Another title"'));
    const other = await call('diff', { path: 'kpi2.report.json', against: 'kpi.report.json' });
    assert.equal((other.structuredContent as { changed: boolean }).changed, true, texts(other));
    assert.equal(images(other).length, 1);
    assert.match(texts(other), /page 1/);
    // kpi2 is not committed: everything is new.
    const added = await call('diff', { path: 'kpi2.report.json' });
    assert.match(texts(added), /does not exist/);
  });

  it('resources: the schema and the examples', async () => {
    const { resources } = await client.listResources();
    assert.ok(resources.some((r) => r.uri === 'report-studio://schema/report.schema.json'));
    assert.ok(resources.some((r) => r.uri === 'report-studio://examples/kpi-dashboard.report.json'));
    const schema = await client.readResource({ uri: 'report-studio://schema/report.schema.json' });
    assert.ok(JSON.parse((schema.contents[0] as { text: string }).text).defaultSnippets);
  });

  it('bad input is an error result in plain words, and the server keeps answering', async () => {
    const cases: Array<[string, Record<string, unknown>, RegExp]> = [
      ['render', { path: 'kpi.report.json', zoom: 2 }, /unknown argument "zoom"; it takes "path", "text", "pages", "dpi"/],
      ['quota', { verbose: true }, /unknown argument "verbose"; it takes none/],
      ['render', { path: 'kpi.report.json', dpi: 'high' }, /"dpi" takes a whole number/],
      ['render', { path: 'kpi.report.json', dpi: 5000 }, /"dpi" takes a whole number from 18 to 500/],
      ['render', { text: '{\n  "type": "Report",\n  "components": [,]\n}' }, /not valid JSON: .* at line 3, column 18/],
      ['render', { path: '../outside.report.json' }, /is outside the working folder/],
      ['render', { path: '/etc/hostname' }, /is outside the working folder/],
      ['validate', { path: 'missing.report.json' }, /cannot read missing\.report\.json: no such file/],
      ['validate', { path: 'kpi.report.json', text: '{}' }, /either "path" or "text", not both/],
      ['validate', {}, /give the report as "path"/],
      ['render', { path: 'ten.report.json', pages: 'first' }, /"pages" takes page numbers and ranges/],
      ['render', { path: 'ten.report.json', pages: '1-11' }, /at most 10 pages in one call/],
      ['render', { path: 'ten.report.json', pages: '12' }, /the report has 10 pages: page 12 was asked for/],
      ['build', { text: '{}' }, /with "text" the file needs a name: give "output"/],
      ['build', { path: 'kpi.report.json', output: '../escape.pdf' }, /"output" "..\/escape.pdf" is outside the working folder/],
      ['diff', { path: 'kpi.report.json', against: 'nope.report.json' }, /cannot read nope\.report\.json/],
    ];
    for (const [tool, args, words] of cases) {
      const r = await call(tool, args);
      assert.equal(r.isError, true, `${tool} ${JSON.stringify(args)} → ${texts(r)}`);
      assert.match(texts(r), words, `${tool} ${JSON.stringify(args)}`);
    }
    // Still serving.
    assert.equal((await call('component_docs', {})).isError, undefined);
  });

  it('the key is in no result and no log line, also when the service fails', async () => {
    const seen: string[] = [];
    for (const [tool, args] of [
      ['quota', {}],
      ['preview', { path: 'kpi.report.json', output: 'p.jpg' }],
      ['build', { path: 'broken/08-report-title-number.report.json', output: 'b.pdf' }],
    ] as const) {
      seen.push(everything(await call(tool, args)));
    }
    // A service that is not there: the error names the address, never the key.
    const gone = await connect(cleanEnv({ REPORT_STUDIO_API_KEY: key, REPORT_STUDIO_BASE_URL: 'http://127.0.0.1:9/api/v1' }));
    try {
      const r = await gone.client.callTool({ name: 'quota', arguments: {} });
      assert.equal(r.isError, true);
      seen.push(everything(r as CallToolResult), gone.log());
    } finally {
      await gone.client.close();
    }
    seen.push(serverLog());
    assert.ok(key.length > 8);
    for (const text of seen) assert.ok(!text.includes(key), `${KEY_PLACEHOLDER} found in: ${text.slice(0, 300)}`);
  });

  it("the client's roots: paths resolve in the first root, files outside every root are refused; no key: the bundled local service", async () => {
    const root = join(dir, 'broken');
    const rooted = await connect(cleanEnv(), ['--data-dir', join(dir, '.local-service')], dir, [root]);
    try {
      const inside = (await rooted.client.callTool({
        name: 'validate',
        arguments: { path: '02-section-missing-title.report.json' },
      })) as CallToolResult;
      assert.equal(inside.isError, undefined, texts(inside));
      const outside = (await rooted.client.callTool({ name: 'validate', arguments: { path: '../kpi.report.json' } })) as CallToolResult;
      assert.equal(outside.isError, true);
      assert.match(texts(outside), /outside the working folder/);
      const quota = (await rooted.client.callTool({ name: 'quota', arguments: {} })) as CallToolResult;
      assert.equal((quota.structuredContent as { local: boolean }).local, true, texts(quota));
      assert.match(rooted.log(), /ready \(bundled local service/);
    } finally {
      await rooted.client.close();
    }
  });

  it('an agent loop without a model: validate, apply the suggested edit, validate again until clean, then render', async () => {
    const loopDir = join(dir, 'loop');
    await mkdir(loopDir);
    for (const name of [
      '01-card-missing-value',
      '08-report-title-number',
      '13-columns-string',
      '23-width-bad',
      '34-unknown-component-type',
      '40-margin-negative',
      '44-unknown-option',
    ]) {
      const file = `loop/${name}.report.json`;
      await cp(join(dir, 'broken', `${name}.report.json`), join(dir, file));
      let steps = 0;
      for (;;) {
        const r = await call('validate', { path: file });
        const { problems } = r.structuredContent as { problems: Problem[] };
        if (problems.length === 0) break;
        const fixable = problems.find((p) => p.fixes.length > 0);
        assert.ok(fixable, `${name}: no fix offered for ${texts(r)}`);
        assert.ok(++steps <= 5, `${name}: not clean after 5 edits: ${texts(r)}`);
        const fix = fixable.fixes.find((f) => f.preferred) ?? fixable.fixes[0];
        const text = await readFile(join(dir, file), 'utf8');
        const { offset, length, newText } = fix.edit;
        await writeFile(join(dir, file), text.slice(0, offset) + newText + text.slice(offset + length));
      }
      assert.ok(steps >= 1, `${name} was broken`);
      const page = await call('render', { path: file });
      assert.equal(page.isError, undefined, `${name}: ${texts(page)}`);
      assert.equal(images(page)[0]?.width, A4_96.width, name);
    }
  });
});

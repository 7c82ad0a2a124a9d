// What loading dist/engine.js costs the CLI's main thread (--offline, serve): the local service
// and the client, not the renderer. The render workers draw; the main thread only joins preview
// strips (src/render/jpegStrips.ts) and knows the renderer's types and errors (renderer.ts).
// esbuild names each lazily evaluated module's wrapper after its path, so V8's call counts of a
// child that only requires the bundle show which modules ran.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildOnce, cleanEnv, collect, describeRun, ROOT } from './cliHarness';

const ENGINE = join(ROOT, 'dist', 'engine.js');

/** Requires `bundle` with precise coverage on and prints the names of the bundle's functions that ran. */
const PROBE = `
const { Session } = require('node:inspector');
const s = new Session();
s.connect();
s.post('Profiler.enable');
s.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
require(process.argv[1]);
s.post('Profiler.takePreciseCoverage', (err, coverage) => {
  if (err) throw err;
  const ran = coverage.result
    .filter((script) => script.url.endsWith('/engine.js'))
    .flatMap((script) => script.functions.filter((f) => f.ranges[0].count > 0).map((f) => f.functionName));
  process.stdout.write(JSON.stringify(ran));
});
`;

/** The renderer's modules the main thread may run: its types and errors, and the strip joiner. */
const MAIN_THREAD_RENDER_MODULES = ['src/render/renderer.ts', 'src/render/jpegStrips.ts'];

describe('report-studio engine bundle: loading it', function () {
  this.timeout(120_000);
  before(buildOnce);

  it('runs none of the renderer (pdfkit, fontkit, PDFium, the layout): only the render workers draw', async () => {
    const child = spawn(process.execPath, ['-e', PROBE, ENGINE], { cwd: ROOT, env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    const r = await collect(child, 60_000);
    assert.equal(r.code, 0, describeRun(r));
    const ran = JSON.parse(r.stdout) as string[];
    // The probe sees the bundle's module wrappers at all: the local service's own ran.
    for (const m of MAIN_THREAD_RENDER_MODULES) assert.ok(ran.includes(m), `${m} did not run: the probe sees no modules`);
    const renderer = ran.filter(
      (name) =>
        (name.startsWith('src/render/') && !MAIN_THREAD_RENDER_MODULES.includes(name)) ||
        /node_modules\/(pdfkit|fontkit|@hyzyla\/pdfium|@cornerstonejs)\//.test(name),
    );
    assert.deepEqual(renderer, [], 'renderer modules evaluated by require("dist/engine.js")');
  });
});

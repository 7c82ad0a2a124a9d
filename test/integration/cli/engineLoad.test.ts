// What loading the engine (dist/engine.js: src/cli/engine.ts) costs the CLI's main thread
// (--offline, serve): the local service and the client, not the renderer. The render workers
// draw; the main thread only joins preview strips (src/render/jpegStrips.ts) and knows the
// renderer's types and errors (renderer.ts). A child requires the engine's entry from the sources
// (tsx: a static import is a require at load, a lazy require stays lazy — the module graph the
// bundle evaluates) and lists the modules it loaded. The sources, not dist/: a production build
// (the .vsix's, made by the unit stage) is minified and no longer names its modules.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { collect, cleanEnv, describeRun, ROOT } from './cliHarness';

const PROBE = `
require('./src/cli/engine.ts');
process.stdout.write(JSON.stringify(Object.keys(require.cache).map((f) => require('node:path').relative(process.cwd(), f).split(require('node:path').sep).join('/'))));
`;

/**
 * The renderer's modules the main thread may load: its types and errors, the strip joiner, and
 * the minimal renderer of `serve --minimal-renderer` (no layout engine, no pdfkit).
 */
const MAIN_THREAD_RENDER_MODULES = ['src/render/renderer.ts', 'src/render/jpegStrips.ts', 'src/render/minimalRenderer.ts'];

describe('report-studio engine: loading it', function () {
  this.timeout(120_000);

  it('loads none of the renderer (pdfkit, fontkit, PDFium, the layout): only the render workers draw', async () => {
    const child = spawn(process.execPath, ['--require', 'tsx/cjs', '-e', PROBE], {
      cwd: ROOT,
      env: cleanEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const r = await collect(child, 60_000);
    assert.equal(r.code, 0, describeRun(r));
    const loaded = JSON.parse(r.stdout) as string[];
    // The probe sees the engine's modules at all: the local service's and the renderer's seam.
    for (const m of ['src/service/service.ts', 'src/render/renderer.ts', 'src/render/jpegStrips.ts'])
      assert.ok(loaded.includes(m), `${m} was not loaded`);
    const renderer = loaded.filter(
      (name) =>
        (name.startsWith('src/render/') && !MAIN_THREAD_RENDER_MODULES.includes(name)) ||
        /node_modules\/(pdfkit|fontkit|@hyzyla\/pdfium|@cornerstonejs)\//.test(name),
    );
    assert.deepEqual(renderer, [], 'renderer modules loaded by the engine');
  });
});

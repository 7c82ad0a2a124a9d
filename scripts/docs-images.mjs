// `npm run docs:images`: refreshes the README's pictures (docs/images/*.png). They are taken in a
// real VS Code (code-server, a 1280 × 800 window) by the e2e UI checks and the live-view suite —
// the same runs `npm test` makes — and copied here under the names the README uses. Look at them
// before committing (CONTRIBUTING.md, "Looking at what the code draws"). Runs in a code-server
// profile of its own (.vscode-test/docs-images/), so an e2e run may go on beside it.
//   npm run docs:images [-- --no-run]   (--no-run: copy what the last runs left in test-results/)
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const shots = join(root, 'test-results', 'screenshots');
const images = join(root, 'docs', 'images');

/** README picture ← screenshot of the e2e runs (test/unit/package/docImages.test.ts checks the README shows each). */
export const DOC_IMAGES = {
  'completion.png': 'completion-options.png',
  'hover.png': 'diagnostic-hover.png',
  'quick-fix.png': 'service-quick-fix.png',
  'pdf-viewer.png': 'pdf-viewer.png',
  'quota.png': 'quota-tooltip.png',
  'sync.png': 'live-sync.png',
  'sync-jpeg.png': 'sync-jpeg.png',
};
/**
 * README picture ← a page as the MCP server's `render` tool returns it (`report-studio mcp`, the
 * SDK's client over stdio): what an agent sees. Report and resolution of each.
 */
export const RENDER_TOOL_IMAGES = {
  'agent-render.png': { report: 'kpi-dashboard.report.json', dpi: 72 },
};

/** Draws each RENDER_TOOL_IMAGES picture through dist/cli.js mcp (built by the caller). */
async function renderToolImages() {
  const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
  const { StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js');
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [join(root, 'dist', 'cli.js'), 'mcp'],
    cwd: join(root, 'examples'),
    stderr: 'ignore',
  });
  const client = new Client({ name: 'docs-images', version: '1.0.0' });
  await client.connect(transport);
  try {
    for (const [name, { report, dpi }] of Object.entries(RENDER_TOOL_IMAGES)) {
      const result = await client.callTool({ name: 'render', arguments: { path: report, dpi, pages: '1' } });
      const image = result.content.find((c) => c.type === 'image');
      if (result.isError || !image) throw new Error(`render ${report}: ${JSON.stringify(result.content)}`);
      writeFileSync(join(images, name), Buffer.from(image.data, 'base64'));
      console.log(`docs/images/${name}  (render tool: ${report} at ${dpi} dpi)`);
    }
  } finally {
    await client.close();
  }
}

/** The largest picture the README may carry (the Marketplace page loads them all). */
export const MAX_IMAGE_BYTES = 256 * 1024;

function e2e(args, env) {
  const r = spawnSync(process.execPath, [join(root, 'scripts/e2e/run.mjs'), ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, REPORT_STUDIO_E2E_RUN_DIR: join(root, '.vscode-test', 'docs-images'), ...env },
  });
  if (r.status !== 0) throw new Error(`scripts/e2e/run.mjs ${args.join(' ')} failed (exit ${r.status ?? r.signal})`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!process.argv.includes('--no-run')) {
    e2e(['--ui-only'], {});
    e2e(['--no-ui'], { REPORT_STUDIO_E2E_GREP: 'the live view' });
  }
  mkdirSync(images, { recursive: true });
  for (const [name, shot] of Object.entries(DOC_IMAGES)) {
    copyFileSync(join(shots, shot), join(images, name));
    const size = statSync(join(images, name)).size;
    if (size > MAX_IMAGE_BYTES) throw new Error(`docs/images/${name} is ${Math.round(size / 1024)} KB, over ${MAX_IMAGE_BYTES / 1024} KB`);
    console.log(`docs/images/${name}  ${Math.round(size / 1024)} KB  (from ${shot})`);
  }
  await renderToolImages();
  console.log('Now look at them (they are what the README shows) and commit docs/images/.');
}

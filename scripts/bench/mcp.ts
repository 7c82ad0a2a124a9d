/**
 * The MCP server as an agent uses it (issue 29): `node dist/cli.js mcp` driven by the SDK's own
 * client over stdio, a 1-page report (examples/kpi-dashboard) by path. Round trips after a
 * warm-up (PDFium compiled, the renderer's fonts loaded): `render` (one PNG page at the default
 * 96 dpi) and `validate` (schema, quick fixes, the layout's render notes).
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { median, percentile, type BenchRow } from './table';

const ROOT = join(__dirname, '..', '..');
const WARM_UP = 5;
const SAMPLES = 30;

export async function runMcpBench(): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'rs-bench-mcp-'));
  cpSync(join(ROOT, 'examples', 'kpi-dashboard.report.json'), join(dir, 'kpi.report.json'));
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith('REPORT_STUDIO_')) env[k] = v;
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [join(ROOT, 'dist', 'cli.js'), 'mcp'],
    cwd: dir,
    env,
    stderr: 'ignore',
  });
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(transport);
  try {
    const roundTrips = async (name: string): Promise<number[]> => {
      const times: number[] = [];
      for (let i = 0; i < WARM_UP + SAMPLES; i++) {
        const t0 = performance.now();
        const result = await client.callTool({ name, arguments: { path: 'kpi.report.json' } });
        const ms = performance.now() - t0;
        if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.content)}`);
        if (i >= WARM_UP) times.push(ms);
      }
      return times;
    };
    const render = await roundTrips('render');
    const validate = await roundTrips('validate');
    console.log(
      `mcp: render p50 ${median(render).toFixed(0)} ms (p90 ${percentile(render, 90).toFixed(0)}), validate p50 ${median(validate).toFixed(0)} ms (p90 ${percentile(validate, 90).toFixed(0)}); ${SAMPLES} calls each after ${WARM_UP}`,
    );
    const note = `report-studio mcp over stdio, SDK client, 1-page kpi-dashboard by path, ${SAMPLES} calls after ${WARM_UP} warm-up`;
    return [
      { group: 'agent', figure: 'MCP `render` round trip, 1 page as PNG at 96 dpi', median: median(render), unit: 'ms', target: 150, note },
      { group: 'agent', figure: 'MCP `validate` round trip, 1-page report', median: median(validate), unit: 'ms', target: 50, note },
    ];
  } finally {
    await client.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * `report-studio mcp`: a Model Context Protocol server on stdin/stdout for agents (Claude Code,
 * Cursor, Codex, VS Code's agent mode). Tools: validate, render, component_docs, preview, build,
 * quota, diff (src/core/agent/); the hosted service with REPORT_STUDIO_API_KEY, else the bundled
 * local service. stdout carries only the protocol: every log line goes to stderr. Runs until
 * the client closes stdin. docs/agents.md.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { expectPositionals } from '../args';
import { EXIT, type ExitCode } from '../exitCodes';
import { CliAgentEngine } from '../mcp/cliAgentEngine';
import { createMcpServer, stderrLog } from '../mcp/mcpServer';
import type { WorkFolders } from '../mcp/workFolder';
import type { CommandContext } from './report';

export async function runMcpCommand(ctx: CommandContext, version: string): Promise<ExitCode> {
  const { args, out, signal } = ctx;
  expectPositionals('mcp', args.positionals, 0, 0, 'no arguments');
  const log = stderrLog(out.io.stderr);
  let folders: () => Promise<WorkFolders> = () => Promise.reject(new Error('the server is not started'));
  const engine = new CliAgentEngine(() => folders(), args.global, out.io, signal);
  const mcp = createMcpServer({ version, engine, cwd: out.io.cwd, log });
  folders = mcp.folders;
  const transport = new StdioServerTransport(process.stdin, process.stdout);
  const closed = new Promise<void>((resolve) => {
    transport.onclose = resolve;
    process.stdin.once('end', resolve);
    signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await mcp.server.connect(transport);
  log(`ready (${engine.local ? 'bundled local service' : 'hosted service'}; working folder ${out.io.cwd})`);
  await closed;
  await mcp.server.close().catch(() => undefined);
  await engine.close();
  return EXIT.ok;
}

/**
 * The MCP server of `report-studio mcp`: the agent tools of src/core/agent/ over the SDK's
 * McpServer, their input schemas made from the same specs (toolSpecs.ts), the report schema and
 * the examples as resources. Arguments the SDK lets through (unknown ones too: `passthrough`)
 * are checked again by the shared tool code, which words every mistake for the model.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { RootsListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { runAgentTool, type AgentEngine, type AgentResult } from '../../core/agent/agentTools';
import { TOOL_SPECS, type ParamSpec } from '../../core/agent/toolSpecs';
import { reportSchema } from '../../core/schema/reportSchema';
import { redact } from '../../core/redact';
import { exampleNames, shippedPath } from './shippedFiles';
import { WorkFolders } from './workFolder';

/** The zod form of one parameter, its messages in the words of toolArgs.ts. */
function zodParam(name: string, p: ParamSpec): z.ZodTypeAny {
  if (p.type === 'string')
    return z
      .string({ invalid_type_error: `"${name}" takes a string` })
      .optional()
      .describe(p.description);
  let n = z.number({ invalid_type_error: `"${name}" takes a whole number` }).int({ message: `"${name}" takes a whole number` });
  const range = `"${name}" takes a whole number from ${p.minimum} to ${p.maximum}`;
  if (p.minimum !== undefined) n = n.min(p.minimum, { message: range });
  if (p.maximum !== undefined) n = n.max(p.maximum, { message: range });
  return n.optional().describe(p.description);
}

/** A tool result as MCP content: the words, the data as structured content, each page an image. */
function toCallToolResult(result: AgentResult): CallToolResult {
  return {
    content: [
      { type: 'text', text: result.text },
      ...result.images.flatMap((image) => [
        { type: 'text' as const, text: `${image.caption} (${image.width} × ${image.height} px):` },
        { type: 'image' as const, data: Buffer.from(image.png).toString('base64'), mimeType: 'image/png' },
      ]),
    ],
    structuredContent: result.data,
    ...(result.isError ? { isError: true } : {}),
  };
}

export interface McpServerOptions {
  version: string;
  engine: AgentEngine;
  /** The working directory: the work folder when the client declares no roots. */
  cwd: string;
  log: (line: string) => void;
}

export interface ReportStudioMcp {
  server: McpServer;
  /** The folders tools may read and write (the client's roots, else cwd). */
  folders(): Promise<WorkFolders>;
}

export function createMcpServer(o: McpServerOptions): ReportStudioMcp {
  const server = new McpServer(
    { name: 'report-studio', version: o.version },
    {
      capabilities: { logging: {} },
      instructions:
        'Report Studio: write report JSON (*.report.json) with component_docs, check it with validate, look at its pages with render, fix, and build the PDF only when asked (build spends quota). Resources hold the report schema and example reports.',
    },
  );
  let roots: Promise<WorkFolders> | undefined;
  const folders = (): Promise<WorkFolders> => {
    roots ??= (async () => {
      if (!server.server.getClientCapabilities()?.roots) return new WorkFolders([o.cwd]);
      try {
        const listed = await server.server.listRoots();
        return WorkFolders.fromRoots(
          listed.roots.map((r) => r.uri),
          o.cwd,
        );
      } catch (error) {
        o.log(`roots/list failed (${(error as Error).message}); using ${o.cwd}`);
        return new WorkFolders([o.cwd]);
      }
    })();
    return roots;
  };
  server.server.setNotificationHandler(RootsListChangedNotificationSchema, () => {
    roots = undefined;
  });

  // Typed loosely: the SDK's inference over a shape built at run time is too deep for tsc (TS2589).
  const registerTool = server.registerTool.bind(server) as (
    name: string,
    config: { title: string; description: string; inputSchema: z.ZodTypeAny; annotations: Record<string, unknown> },
    callback: (args: Record<string, unknown>) => Promise<CallToolResult>,
  ) => unknown;
  for (const spec of TOOL_SPECS) {
    const shape = Object.fromEntries(Object.entries(spec.params).map(([name, p]) => [name, zodParam(name, p)]));
    registerTool(
      spec.name,
      {
        title: spec.title,
        description: spec.description,
        inputSchema: z.object(shape).passthrough(),
        annotations: { title: spec.title, ...spec.annotations },
      },
      async (args) => {
        const started = Date.now();
        const result = await runAgentTool(spec.name, args, o.engine);
        o.log(`${spec.name}: ${result.isError ? `error: ${result.text.split('\n')[0]}` : 'ok'} (${Date.now() - started} ms)`);
        return toCallToolResult(result);
      },
    );
  }

  server.registerResource(
    'report-schema',
    'report-studio://schema/report.schema.json',
    {
      title: 'Report schema',
      description: 'The JSON Schema of a report (*.report.json): every component type and option.',
      mimeType: 'application/schema+json',
    },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: 'application/schema+json', text: JSON.stringify(reportSchema, null, 2) }] }),
  );
  for (const name of exampleNames()) {
    server.registerResource(
      `example-${name.replace(/\.report\.json$/, '')}`,
      `report-studio://examples/${name}`,
      { title: `Example report: ${name}`, description: 'A complete report that validates and renders.', mimeType: 'application/json' },
      async (uri) => ({
        contents: [{ uri: uri.href, mimeType: 'application/json', text: await readFile(join(shippedPath('examples')!, name), 'utf8') }],
      }),
    );
  }
  return { server, folders };
}

/** A log line on stderr only (stdout is the protocol), secrets removed. */
export function stderrLog(stderr: NodeJS.WritableStream): (line: string) => void {
  return (line) => void stderr.write(`[report-studio mcp] ${redact(line)}\n`);
}

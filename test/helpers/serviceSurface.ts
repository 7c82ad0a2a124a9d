// Writes the tables of docs/local-service.md that describe the local service's HTTP surface —
// endpoints, status codes, limit flags, limits — from the declarations in src/service (the
// route table and OpenAPI document, the error catalogue, the limits table), between marker
// comments `<!-- generated:<name> -->` … `<!-- /generated:<name> -->` (run through tsx by
// scripts/gen-service-surface.mjs, as scripts/l10n-export.mjs runs l10nSources.ts; the surface test
// uses it too). The OpenAPI document itself is built from the same tables
// at run time (GET /openapi.json), so there is no copy of it to keep.
import { join } from 'node:path';
import * as prettier from 'prettier';
import { SERVICE_PATHS, SERVICE_PATH_SUMMARIES } from '../../src/service/http/routeTable';
import { exampleDetail, SERVICE_ERRORS, type ServiceErrorType } from '../../src/service/http/serviceErrors';
import { flagLimits, formatLimit, LIMITS, type Limit } from '../../src/service/limits';
import { buildOpenApi } from '../../src/service/openapi';

// From __filename: under tsx's tsImport (scripts/gen-service-surface.mjs) __dirname is not this folder.
export const ROOT = join(__filename, '../../..');
export const SERVICE_DOC = 'docs/local-service.md';

const row = (cells: string[]): string => `| ${cells.join(' | ')} |`;
const table = (head: string[], rows: string[][]): string => [row(head), row(head.map(() => '---')), ...rows.map(row)].join('\n');
/** Text for a table cell: no pipe breaks the row. */
const cell = (text: string): string => text.replace(/\|/g, '\\|');
const code = (text: string): string => `\`${text}\``;

interface Operation {
  summary: string;
  responses: Record<string, unknown>;
}

function endpoints(): string {
  const doc = buildOpenApi('http://127.0.0.1:8787') as { paths: Record<string, Record<string, Operation>> };
  const api = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const statuses = Object.keys(op.responses).sort();
      return [code(`${method.toUpperCase()} ${path}`), cell(op.summary), statuses.join(', ')];
    }),
  );
  const own = (Object.keys(SERVICE_PATHS) as Array<keyof typeof SERVICE_PATHS>).map((name) => [
    code(`GET ${SERVICE_PATHS[name]}${name === 'bucket' ? '<provider>/<destination>/<file>' : ''}`),
    cell(SERVICE_PATH_SUMMARIES[name]),
    name === 'bucket' ? '200, 404' : '200',
  ]);
  return table(['Method & path', 'What it does', 'Statuses'], [...api, ...own]);
}

function statusCodes(): string {
  const rows = (Object.keys(SERVICE_ERRORS) as ServiceErrorType[]).map((type) => {
    const e = SERVICE_ERRORS[type];
    return {
      status: e.status,
      cells: [String(e.status), code(type), cell(e.when), code(`{"detail": ${JSON.stringify(exampleDetail(type))}}`)],
    };
  });
  // Validation errors are pydantic's lists (see _Validation (422)), not catalogue messages.
  rows.push({
    status: 422,
    cells: ['422', '—', 'validation (below)', code('{"detail": [{"type": …, "loc": […], "msg": …, "input": …}]}')],
  });
  rows.sort((a, b) => a.status - b.status);
  return table(
    ['Status', '`type`', 'When', 'Example body'],
    rows.map((r) => r.cells),
  );
}

/** What a limit bounds, and the limit above its own value if any. */
const bounds = (l: Limit): string => cell(`${l.bounds}${l.flag?.max ? `; at most ${LIMITS[l.flag.max.limit].default}` : ''}`);

const prose = (l: Limit): string =>
  l.unit === 'count' || l.unit === 'levels' ? String(l.default) : formatLimit(l.default, l.unit, 'prose');

function limitFlags(): string {
  return table(
    ['Flag', 'Default', 'Meaning'],
    flagLimits().map(({ limit }) => [code(`${limit.flag.name} ${limit.flag.arg}`), formatLimit(limit.default, limit.unit), bounds(limit)]),
  );
}

/** What a client sees past a limit: its catalogue error (status and `type`) and the rest. */
const beyond = (l: Limit): string =>
  cell([l.error && `${SERVICE_ERRORS[l.error as ServiceErrorType].status} ${code(l.error)}`, l.beyond].filter(Boolean).join(' ') || '—');

function limits(): string {
  const rows = Object.entries(LIMITS as Record<string, Limit>).map(([name, l]) => [
    bounds(l),
    `${prose(l)}${l.unit === 'requests/s' ? ' per second' : l.unit === 'levels' ? ' levels' : l.unit === 'MB' ? ' MB' : ''}`,
    l.flag ? code(l.flag.name) : '—',
    l.flag || l.option ? code(name) : '—',
    beyond(l),
  ]);
  return table(['Limit', 'Default', 'Flag', 'Option (embedding)', 'What a client sees'], rows);
}

const TABLES: Record<string, () => string> = { endpoints, 'status-codes': statusCodes, 'limit-flags': limitFlags, limits };

/** The document with every generated table written anew (and formatted as Prettier would). */
export async function generatedDoc(current: string): Promise<string> {
  let text = current;
  for (const [name, make] of Object.entries(TABLES)) {
    const open = `<!-- generated:${name} (npm run gen:service-surface; from src/service) -->`;
    const close = `<!-- /generated:${name} -->`;
    const start = text.indexOf(open);
    const end = text.indexOf(close);
    if (start < 0 || end < start) throw new Error(`${SERVICE_DOC}: the markers ${open} … ${close} are missing`);
    text = `${text.slice(0, start + open.length)}\n\n${make()}\n\n${text.slice(end)}`;
  }
  const file = join(ROOT, SERVICE_DOC);
  const options = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(text, { ...options, filepath: file });
}

/**
 * Command-line flags of the standalone local service, shared by `npm run service`
 * (dist/local-service.js) and `report-studio serve`, so both accept exactly the same.
 */
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { API_BASE_PATH } from '../core/api/types';
import { checkBindHost } from './bindHost';
import { flagLimits, LIMITS, limitUsage, type FlagLimit } from './limits';
import { DEFAULT_HOST, DEFAULTS, DEFAULT_PLAN, type KeyPlanInput, type LocalServiceOptions, type PlanInput } from './options';

export class FlagError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FlagError';
  }
}

export interface ParsedFlags {
  options: LocalServiceOptions;
  help: boolean;
  /** No request log. */
  quiet: boolean;
  /** Use the dependency-free renderer instead of the real one. */
  minimalRenderer: boolean;
}

export const USAGE = `Usage: local-service [flags]   (also: npm run service -- [flags], report-studio serve [flags])

Runs the report service API on http://127.0.0.1:<port>${API_BASE_PATH} (loopback only unless --allow-remote).

  --port <n>                 port, 0 = any free port (default ${DEFAULTS.standalonePort})
  --host <addr>              address to listen on (default ${DEFAULT_HOST}); beyond loopback
                             only with --allow-remote
  --allow-remote             allow a non-loopback --host (prints a warning at start)
  --data-dir <dir>           tasks, files, ledger and the development key (default: ${defaultDataDir()})
  --api-key <key>            accept this key (repeatable); default: a development key
                             generated once, kept in the data dir and printed at start
  --keys-file <file.json>    keys with their own plans: [{"key": "...", "quotaSingle": 5, ...}]
Plan of the keys given on the command line (or of the development key):
  --quota-single <n>         single-page builds per period (default ${DEFAULT_PLAN.quotaSingle})
  --quota-multi <n>          multi-page builds per period (default ${DEFAULT_PLAN.quotaMulti})
  --max-pages <n>            max_pages_per_report (default ${DEFAULT_PLAN.maxPages})
  --period-days <n>          quota period length in days (default ${DEFAULT_PLAN.periodDays})
  --subscription-inactive    builds and previews answer 402
Storage and outbound requests:
  --bucket-dir <dir>         folder standing for cloud storage (default <data-dir>/bucket)
  --webhook-allow-host <h>   allow webhooks to this non-loopback host (repeatable; * = any)
  --fetch-allow-host <h>     let images be fetched from this host even when it resolves to a
                             private, link-local or (with --allow-remote) loopback address
                             (repeatable; the host as written in the URL; * = any)
Limits:
${flagLimits().map(limitUsage).join('\n')}
Fault injection (for testing clients):
  --latency <ms>             delay every API response
  --render-delay <ms>        keep every task RUNNING at least this long
  --fail-rate <0..1>         share of tasks that end FAILED
  --error-rate <0..1>        share of API requests answered 503
Other:
  --minimal-renderer         dependency-free renderer (one page per PageBreak block)
  --quiet                    no request log
  --help                     this text
`;

/** The per-user state folder: XDG state dir, Application Support, or LOCALAPPDATA. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (platform === 'win32') return join(env.LOCALAPPDATA || join(homedir(), 'AppData', 'Local'), 'report-studio', 'local-service');
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'report-studio', 'local-service');
  return join(env.XDG_STATE_HOME || join(homedir(), '.local', 'state'), 'report-studio', 'local-service');
}

/** "24h", "30m", "90s", "500ms", "2d"; a bare number means `bareUnit`. */
export function parseDuration(flag: string, text: string, bareUnit: 'ms' | 'h'): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)?$/.exec(text.trim());
  if (!m) throw new FlagError(`${flag}: expected a duration such as 24h, 30m, 90s or 500ms, got "${text}"`);
  const unit = m[2] ?? bareUnit;
  const factor = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[unit]!;
  return Math.round(Number(m[1]) * factor);
}

export function parseSize(flag: string, text: string): number {
  const m = /^(\d+(?:\.\d+)?)(b|kb|mb|gb)?$/i.exec(text.trim());
  if (!m) throw new FlagError(`${flag}: expected a size such as 10mb or 512kb, got "${text}"`);
  const factor = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 }[(m[2] ?? 'b').toLowerCase() as 'b']!;
  return Math.round(Number(m[1]) * factor);
}

function integer(flag: string, text: string, min: number): number {
  if (!/^\d+$/.test(text) || Number(text) < min) throw new FlagError(`${flag}: expected an integer ≥ ${min}, got "${text}"`);
  return Number(text);
}

/** A limit's flag: its value as the table says it is written, within its bounds. */
function parseLimit(flag: string, text: string, limit: FlagLimit): number {
  const v = limit.flag.value;
  let n: number;
  if (v.kind === 'integer') n = integer(flag, text, v.min);
  else if (v.kind === 'size') n = parseSize(flag, text);
  else {
    n = parseDuration(flag, text, v.bareUnit);
    if (n < v.min) throw new FlagError(`${flag}: must be at least ${v.min}ms, got "${text}"`);
  }
  const max = limit.flag.max;
  if (max && n > LIMITS[max.limit].default) throw new FlagError(`${flag}: at most ${LIMITS[max.limit].default} (${max.why})`);
  return n;
}

const LIMIT_FLAGS = new Map(flagLimits().map((l) => [l.limit.flag.name as string, l]));

function fraction(flag: string, text: string): number {
  const n = Number(text);
  if (text.trim() === '' || !(n >= 0 && n <= 1)) throw new FlagError(`${flag}: expected a number from 0 to 1, got "${text}"`);
  return n;
}

function readKeysFile(path: string): KeyPlanInput[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new FlagError(`--keys-file: cannot read ${path}: ${(err as Error).message}`);
  }
  if (!Array.isArray(parsed) || parsed.some((k) => !k || typeof k.key !== 'string')) {
    throw new FlagError('--keys-file: expected a JSON array of objects with a "key" string and optional plan fields');
  }
  return parsed as KeyPlanInput[];
}

export function parseFlags(argv: string[], env: NodeJS.ProcessEnv = process.env): ParsedFlags {
  const o: Partial<LocalServiceOptions> & { port: number } = { port: DEFAULTS.standalonePort };
  const plan: PlanInput = {};
  const apiKeys: string[] = [];
  const fileKeys: KeyPlanInput[] = [];
  const hosts: string[] = [];
  const fetchHosts: string[] = [];
  let help = false;
  let quiet = false;
  let minimalRenderer = false;

  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const eq = arg.indexOf('=');
    const name = arg.startsWith('--') && eq > 0 ? arg.slice(0, eq) : arg;
    const inline = arg.startsWith('--') && eq > 0 ? arg.slice(eq + 1) : undefined;
    const value = (): string => {
      if (inline !== undefined) return inline;
      const next = argv[++i];
      if (next === undefined) throw new FlagError(`${name} needs a value`);
      return next;
    };
    const limit = LIMIT_FLAGS.get(name);
    if (limit) {
      o[limit.name] = parseLimit(name, value(), limit.limit);
      continue;
    }
    switch (name) {
      case '--help':
      case '-h':
        help = true;
        break;
      case '--quiet':
        quiet = true;
        break;
      case '--minimal-renderer':
        minimalRenderer = true;
        break;
      case '--host':
        o.host = value();
        break;
      case '--allow-remote':
        o.allowRemote = true;
        break;
      case '--port':
        o.port = integer(name, value(), 0);
        if (o.port > 65535) throw new FlagError('--port: at most 65535');
        break;
      case '--data-dir':
        o.dataDir = value();
        break;
      case '--api-key':
        apiKeys.push(value());
        break;
      case '--keys-file':
        fileKeys.push(...readKeysFile(value()));
        break;
      case '--quota-single':
        plan.quotaSingle = integer(name, value(), 0);
        break;
      case '--quota-multi':
        plan.quotaMulti = integer(name, value(), 0);
        break;
      case '--max-pages':
        plan.maxPages = integer(name, value(), 1);
        break;
      case '--period-days':
        plan.periodDays = integer(name, value(), 1);
        break;
      case '--subscription-inactive':
        plan.subscriptionActive = false;
        break;
      case '--bucket-dir':
        o.bucketDir = value();
        break;
      case '--webhook-allow-host':
        hosts.push(value().toLowerCase());
        break;
      case '--fetch-allow-host':
        fetchHosts.push(value().trim().toLowerCase());
        break;
      case '--latency':
        o.latencyMs = parseDuration(name, value(), 'ms');
        break;
      case '--render-delay':
        o.renderDelayMs = parseDuration(name, value(), 'ms');
        break;
      case '--fail-rate':
        o.failRate = fraction(name, value());
        break;
      case '--error-rate':
        o.errorRate = fraction(name, value());
        break;
      default:
        throw new FlagError(`unknown flag ${arg} (see --help)`);
    }
  }
  try {
    checkBindHost(o.host ?? DEFAULT_HOST, o.allowRemote ?? false);
  } catch (err) {
    throw new FlagError(`--host: ${(err as Error).message}`);
  }
  for (const k of apiKeys) if (k.length < 8) throw new FlagError('--api-key: keys must have at least 8 characters');
  if (o.headersTimeoutMs !== undefined && o.requestTimeoutMs !== undefined && o.headersTimeoutMs > o.requestTimeoutMs) {
    throw new FlagError('--headers-timeout: must not be longer than --request-timeout');
  }
  const keys = [...apiKeys.map((key) => ({ ...plan, key })), ...fileKeys];
  return {
    options: {
      ...o,
      dataDir: o.dataDir ?? defaultDataDir(env),
      keys: keys.length ? keys : undefined,
      plan,
      webhookAllowHosts: hosts,
      fetchAllowHosts: fetchHosts,
    },
    help,
    quiet,
    minimalRenderer,
  };
}

/**
 * Command-line parsing: global options may come before or after the command;
 * each command accepts only its own options (a typo is a usage error, exit 2).
 * `serve` hands everything after it to the local service's own flag parser.
 */
import { parseArgs } from 'node:util';
import { CliError } from './exitCodes';

const COMMANDS = [
  'preview',
  'build',
  'status',
  'quota',
  'validate',
  'schema',
  'serve',
  'diff',
  'export',
  'plan',
  'merge',
  'mcp',
  'skill',
  'help',
] as const;
export type CommandName = (typeof COMMANDS)[number];

type OptionSpec = { type: 'string' | 'boolean'; short?: string };

const GLOBAL_OPTIONS: Record<string, OptionSpec> = {
  'base-url': { type: 'string' },
  'api-key': { type: 'string' },
  offline: { type: 'boolean' },
  'data-dir': { type: 'string' },
  json: { type: 'boolean' },
  quiet: { type: 'boolean', short: 'q' },
  verbose: { type: 'boolean', short: 'v' },
  timeout: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'V' },
};

/** `--format text|github`: how the commands that print problem lines print them. */
const PROBLEM_FORMATS = ['text', 'github'] as const;
const FORMAT: OptionSpec = { type: 'string' };
/** `--shard i/n`: this machine's part of a run split over n (batch/shard.ts). */
const SHARD: OptionSpec = { type: 'string' };

/** The batch form of build and preview (commands/batch.ts). */
const BATCH: Record<string, OptionSpec> = {
  'out-dir': { type: 'string' },
  jobs: { type: 'string' },
  junit: { type: 'string' },
  shard: SHARD,
};

const COMMAND_OPTIONS: Record<CommandName, Record<string, OptionSpec>> = {
  preview: {
    output: { type: 'string', short: 'o' },
    'no-wait': { type: 'boolean' },
    'poll-initial-ms': { type: 'string' },
    'poll-max-ms': { type: 'string' },
    format: FORMAT,
    'max-warnings': { type: 'string' },
    ...BATCH,
  },
  build: {
    output: { type: 'string', short: 'o' },
    'no-wait': { type: 'boolean' },
    'poll-initial-ms': { type: 'string' },
    'poll-max-ms': { type: 'string' },
    format: FORMAT,
    'max-warnings': { type: 'string' },
    ...BATCH,
    'allow-partial': { type: 'boolean' },
  },
  status: { wait: { type: 'boolean' }, output: { type: 'string', short: 'o' } },
  quota: {},
  validate: { 'warnings-as-errors': { type: 'boolean' }, format: FORMAT, 'max-warnings': { type: 'string' }, shard: SHARD },
  schema: { print: { type: 'boolean' } },
  serve: {},
  diff: { base: { type: 'string' }, out: { type: 'string' }, format: FORMAT, shard: SHARD },
  export: { png: { type: 'boolean' }, dpi: { type: 'string' }, pages: { type: 'string' }, output: { type: 'string', short: 'o' } },
  plan: { shards: { type: 'string' } },
  merge: { junit: { type: 'string' } },
  mcp: {},
  skill: { dir: { type: 'string' } },
  help: {},
};

export interface GlobalOptions {
  baseUrl?: string;
  apiKey?: string;
  offline: boolean;
  dataDir?: string;
  json: boolean;
  quiet: boolean;
  verbose: boolean;
  /** Overall time limit of a task in ms. */
  timeoutMs?: number;
  help: boolean;
  version: boolean;
}

export interface ParsedArgs {
  command?: CommandName;
  positionals: string[];
  global: GlobalOptions;
  /** The command's own options, by long name. */
  options: Record<string, string | boolean | undefined>;
  /** `serve` only: the raw arguments after the command. */
  rest: string[];
}

const ALL_OPTIONS = Object.assign({}, GLOBAL_OPTIONS, ...Object.values(COMMAND_OPTIONS)) as Record<string, OptionSpec>;

export function parseCommandLine(argv: readonly string[]): ParsedArgs {
  // Find the command first (the first positional), knowing which options take a value.
  const { tokens } = parseArgs({ args: [...argv], options: ALL_OPTIONS, strict: false, allowPositionals: true, tokens: true });
  const first = tokens.find((t) => t.kind === 'positional');
  const commandIndex = first?.kind === 'positional' ? first.index : -1;
  const name = commandIndex >= 0 ? argv[commandIndex] : undefined;
  if (name !== undefined && !(COMMANDS as readonly string[]).includes(name)) {
    throw new CliError(`Unknown command "${name}". Commands: ${COMMANDS.filter((c) => c !== 'help').join(', ')}.`);
  }
  const command = name as CommandName | undefined;
  const own = command === 'serve' ? argv.slice(0, commandIndex) : [...argv];
  const rest = command === 'serve' ? argv.slice(commandIndex + 1) : [];
  const options = { ...GLOBAL_OPTIONS, ...(command ? COMMAND_OPTIONS[command] : {}) };
  let parsed;
  try {
    parsed = parseArgs({ args: own, options, strict: true, allowPositionals: true });
  } catch (error) {
    const message = (error as Error).message.replace(/\. To specify a positional argument.*$/s, '');
    throw new CliError(command ? `${message} (for "${command}")` : message);
  }
  const values = parsed.values as Record<string, string | boolean | undefined>;
  const positionals = parsed.positionals.slice(command ? 1 : 0);
  if (values.format !== undefined) checkFormat(values.format as string, values.json === true);
  return {
    command,
    positionals,
    global: {
      baseUrl: values['base-url'] as string | undefined,
      apiKey: values['api-key'] as string | undefined,
      offline: values.offline === true,
      dataDir: values['data-dir'] as string | undefined,
      json: values.json === true,
      quiet: values.quiet === true,
      verbose: values.verbose === true,
      timeoutMs: values.timeout === undefined ? undefined : seconds('--timeout', values.timeout as string),
      help: values.help === true,
      version: values.version === true,
    },
    options: Object.fromEntries(Object.keys(command ? COMMAND_OPTIONS[command] : {}).map((k) => [k, values[k]])),
    rest,
  };
}

function checkFormat(format: string, json: boolean): void {
  if (!(PROBLEM_FORMATS as readonly string[]).includes(format)) {
    throw new CliError(`--format takes ${PROBLEM_FORMATS.join(' or ')}, got "${format}"`);
  }
  if (json) throw new CliError('--format and --json cannot be combined (--json has the problems as data)');
}

function seconds(flag: string, value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new CliError(`${flag} takes a positive number of seconds, got "${value}"`);
  return Math.round(n * 1000);
}

/** A non-negative integer option in milliseconds, or undefined when absent. */
export function millis(flag: string, value: string | boolean | undefined): number | undefined {
  if (value === undefined || typeof value === 'boolean') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new CliError(`${flag} takes a whole number of milliseconds, got "${value}"`);
  return n;
}

export function expectPositionals(command: string, positionals: string[], min: number, max: number, what: string): void {
  if (positionals.length < min) throw new CliError(`"${command}" needs ${what}. See: report-studio ${command} --help`);
  if (positionals.length > max) throw new CliError(`"${command}" takes ${what}; unexpected: ${positionals.slice(max).join(' ')}`);
}

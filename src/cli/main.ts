/**
 * `report-studio`: the command line over the same core the extension uses.
 * Bundled to dist/cli.js (package.json `bin`). See docs/cli.md.
 */
import { redact } from '../core/redact';
import { parseCommandLine } from './args';
import type { CommandName, ParsedArgs } from './args';
import { runBuildOrPreview } from './commands/batch';
import { runDiffCommand } from './commands/diff';
import { runExportCommand } from './commands/export';
import type { CommandContext } from './commands/report';
import { runMergeCommand } from './commands/merge';
import { runPlanCommand } from './commands/plan';
import { runSchemaCommand } from './commands/schema';
import { runServeCommand } from './commands/serve';
import { runSkillCommand } from './commands/skill';
import { runQuotaCommand, runStatusCommand } from './commands/status';
import { runValidateCommand } from './commands/validate';
import { CliError, EXIT } from './exitCodes';
import type { ExitCode } from './exitCodes';
import { commandHelp, MAIN_HELP } from './help';
import { Output, printableLine } from './output';
import type { CliIo } from './output';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const VERSION: string = require('../../package.json').version;

const COMMANDS: Record<Exclude<CommandName, 'help' | 'serve'>, (ctx: CommandContext) => Promise<ExitCode>> = {
  build: (ctx) => runBuildOrPreview('build', ctx),
  preview: (ctx) => runBuildOrPreview('preview', ctx),
  status: runStatusCommand,
  quota: runQuotaCommand,
  validate: runValidateCommand,
  schema: runSchemaCommand,
  diff: runDiffCommand,
  export: runExportCommand,
  plan: runPlanCommand,
  merge: runMergeCommand,
  // The MCP SDK and zod (2 MB) load only for `mcp`: in the bundle this require finds dist/mcp.js
  // (scripts/build.mjs, `lazy`), so every other command starts without them.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy sibling bundle
  mcp: (ctx) => (require('./commands/mcp') as typeof import('./commands/mcp')).runMcpCommand(ctx, VERSION),
  skill: runSkillCommand,
};

export async function runCli(argv: readonly string[], io: CliIo, signal: AbortSignal): Promise<number> {
  let args: ParsedArgs;
  try {
    args = parseCommandLine(argv);
  } catch (error) {
    return usageError(io, error);
  }
  const out = new Output(io, args.global.json, args.global.quiet, args.options.format === 'github' ? 'github' : 'text');
  if (args.global.version) {
    io.stdout.write(`${VERSION}\n`);
    return EXIT.ok;
  }
  if (args.command === 'serve') return runServeCommand(args, io, signal);
  if (!args.command || args.command === 'help') {
    const topic = args.positionals[0] as CommandName | undefined;
    io.stdout.write(`${topic && (topic in COMMANDS || topic === 'serve') ? commandHelp(topic) : MAIN_HELP}\n`);
    return args.command === 'help' || args.global.help ? EXIT.ok : EXIT.usage;
  }
  if (args.global.help) {
    io.stdout.write(`${commandHelp(args.command)}\n`);
    return EXIT.ok;
  }
  try {
    return await COMMANDS[args.command]({ args, out, signal });
  } catch (error) {
    if (error instanceof CliError) {
      out.error(error.message);
      out.document({ ok: false, command: args.command, error: { kind: 'usage', message: redact(error.message) } });
      return error.exitCode;
    }
    const [first, ...frames] = (error instanceof Error ? (error.stack ?? error.message) : String(error)).split('\n');
    out.error(`internal error: ${first}`, frames);
    return EXIT.internal;
  }
}

function usageError(io: CliIo, error: unknown): number {
  if (!(error instanceof CliError)) throw error;
  io.stderr.write(`report-studio: ${printableLine(error.message)}\nRun "report-studio --help" for usage.\n`);
  return error.exitCode;
}

/** Ctrl-C cancels the running task (exit 130); a second Ctrl-C exits at once. */
function interruptSignal(): AbortSignal {
  const controller = new AbortController();
  process.on('SIGINT', () => {
    if (controller.signal.aborted) process.exit(EXIT.cancelled);
    controller.abort(new Error('interrupted'));
  });
  return controller.signal;
}

if (require.main === module) {
  const io: CliIo = { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() };
  runCli(process.argv.slice(2), io, interruptSignal()).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`report-studio: ${redact(String((error as Error)?.stack ?? error))}\n`);
      process.exitCode = EXIT.internal;
    },
  );
}

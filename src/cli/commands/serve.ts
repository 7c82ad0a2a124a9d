/**
 * `report-studio serve [flags]`: the local service in the foreground, with exactly the
 * flags of `npm run service` (src/service/flags.ts parses them for both).
 */
import { loadEngine } from '../engineLoader';
import type { ParsedArgs } from '../args';
import { EXIT } from '../exitCodes';
import type { ExitCode } from '../exitCodes';
import type { CliIo } from '../output';
import { printableName } from '../terminalText';

/** SIGINT/SIGTERM stop the service within this time, whatever is still running. */
const STOP_DEADLINE_MS = 4_000;

export async function runServeCommand(args: ParsedArgs, io: CliIo, signal: AbortSignal): Promise<ExitCode> {
  const { FlagError, parseFlags, USAGE, createMinimalRenderer, startLocalService, remoteBindWarning } = loadEngine();
  let flags;
  try {
    flags = parseFlags(args.rest, io.env);
  } catch (error) {
    if (!(error instanceof FlagError)) throw error;
    io.stderr.write(`report-studio serve: ${error.message}\n`);
    return EXIT.usage;
  }
  if (flags.help || args.global.help) {
    io.stdout.write(USAGE.replace(/^Usage: local-service/, 'Usage: report-studio serve'));
    return EXIT.ok;
  }
  let service;
  try {
    service = await startLocalService({
      ...flags.options,
      renderer: flags.minimalRenderer ? createMinimalRenderer() : undefined,
      log: flags.quiet ? undefined : (line) => void io.stderr.write(`${line}\n`),
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    io.stderr.write(`report-studio serve: cannot start: ${code === 'EADDRINUSE' ? 'port already in use' : (error as Error).message}\n`);
    return code === 'EADDRINUSE' ? EXIT.usage : EXIT.internal;
  }
  const warning = remoteBindWarning(service.host, service.port);
  if (warning) io.stderr.write(`${warning}\n`);
  io.stdout.write(`listening on ${service.url}\nAPI base URL: ${service.baseUrl}\ndata dir: ${printableName(service.dataDir)}\n`);
  // The generated development key must be shown to be usable; a key given by flag is never echoed.
  if (!flags.options.keys) io.stdout.write(`development API key: ${service.apiKeys[0]}\n`);

  const terminate = new AbortController();
  const onTerm = (): void => terminate.abort();
  process.once('SIGTERM', onTerm);
  await new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
    terminate.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  process.off('SIGTERM', onTerm);
  io.stderr.write('stopping (unfinished tasks resume at the next start)\n');
  // As `npm run service`: a stop never takes longer than STOP_DEADLINE_MS (writes are atomic,
  // a stale data-dir lock is superseded at the next start).
  let deadline: NodeJS.Timeout | undefined;
  const stopped = await Promise.race([
    service.stop().then(() => true),
    new Promise<false>((resolve) => (deadline = setTimeout(() => resolve(false), STOP_DEADLINE_MS))),
  ]);
  clearTimeout(deadline);
  if (!stopped) {
    io.stderr.write(`report-studio serve: not stopped within ${STOP_DEADLINE_MS / 1000} s; exiting now\n`);
    process.exit(EXIT.internal);
  }
  return EXIT.ok;
}

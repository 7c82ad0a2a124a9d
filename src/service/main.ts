/**
 * Standalone local report service: `node dist/local-service.js [flags]` (npm run service).
 * Prints `listening on http://127.0.0.1:<port>` once ready; logs requests to stderr;
 * stops gracefully on SIGINT/SIGTERM (a second signal exits at once).
 */
import { FlagError, parseFlags, USAGE } from './flags';
import { createMinimalRenderer } from '../render/minimalRenderer';
import { startLocalService } from './service';
import { remoteBindWarning } from './bindHost';

/** SIGINT/SIGTERM stop the service within this time, whatever is still running. */
const STOP_DEADLINE_MS = 4_000;

async function main(): Promise<number> {
  let flags;
  try {
    flags = parseFlags(process.argv.slice(2));
  } catch (err) {
    if (!(err instanceof FlagError)) throw err;
    process.stderr.write(`local-service: ${err.message}\n`);
    return 2;
  }
  if (flags.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const service = await startLocalService({
    ...flags.options,
    renderer: flags.minimalRenderer ? createMinimalRenderer() : undefined,
    log: flags.quiet ? undefined : (line) => process.stderr.write(line + '\n'),
  });
  const warning = remoteBindWarning(service.host, service.port);
  if (warning) process.stderr.write(`${warning}\n`);
  process.stdout.write(`listening on ${service.url}\n`);
  process.stdout.write(`API base URL: ${service.baseUrl}\n`);
  process.stdout.write(`data dir: ${service.dataDir}\n`);
  // The generated development key is local-only and must be shown to be usable;
  // a key given with --api-key is never echoed.
  if (!flags.options.keys) process.stdout.write(`development API key: ${service.apiKeys[0]}\n`);

  let stopping = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (stopping) process.exit(130);
    stopping = true;
    process.stderr.write(`${signal}: stopping (unfinished tasks resume at the next start)\n`);
    // A stop never takes longer than STOP_DEADLINE_MS (every write is atomic and a stale
    // lock is superseded at the next start, so exiting mid-stop loses nothing on disk).
    setTimeout(() => {
      process.stderr.write(`not stopped within ${STOP_DEADLINE_MS / 1000} s; exiting now\n`);
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
    service.stop().then(
      () => process.exit(0),
      (err) => {
        process.stderr.write(`error while stopping: ${(err as Error).message}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return -1;
}

main().then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (err: Error) => {
    const reason =
      (err as NodeJS.ErrnoException).code === 'EADDRINUSE'
        ? `port already in use (${err.message})`
        : err.name === 'DataDirInUseError' || err.name === 'BindRefusedError'
          ? err.message
          : (err.stack ?? String(err));
    process.stderr.write(`local-service: cannot start: ${reason}\n`);
    process.exit(1);
  },
);

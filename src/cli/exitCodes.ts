/**
 * The exit codes of `report-studio` (documented in docs/cli.md). Scripts and CI
 * branch on them, so they are part of the interface: never renumber.
 */
import type { ErrorKind } from '../core/client/errors';

export const EXIT = {
  /** Done. */
  ok: 0,
  /** The report is invalid: schema errors, JSON syntax errors, or a 422 from the service. */
  validation: 1,
  /** Wrong arguments, unreadable input file, unwritable output, unknown or expired task id. */
  usage: 2,
  /** The API key is missing, wrong or not allowed (401/403). */
  auth: 3,
  /** Quota used up (429) or subscription inactive (402). */
  quota: 4,
  /** The task ended FAILED on the service. */
  taskFailed: 5,
  /** Service unreachable, timed out, busy (503 after retries), 5xx or a malformed answer. */
  network: 6,
  /**
   * More warnings (render notes; `validate`'s schema warnings) than --max-warnings allows.
   * The files were written; only a run that would otherwise exit 0 gets this code.
   */
  warnings: 7,
  /** A bug in report-studio (please report it). */
  internal: 70,
  /** Interrupted (Ctrl-C), as shells report SIGINT. */
  cancelled: 130,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** Each code in a few words, for the help text (help.ts); docs/cli.md's table says more. */
export const EXIT_SUMMARY: Record<keyof typeof EXIT, string> = {
  ok: 'ok',
  validation: 'invalid report',
  usage: 'usage',
  auth: 'auth',
  quota: 'quota',
  taskFailed: 'task failed',
  network: 'network/service',
  warnings: 'more warnings than --max-warnings',
  internal: 'internal error',
  cancelled: 'interrupted',
};

export function exitCodeForKind(kind: ErrorKind): ExitCode {
  switch (kind) {
    case 'validation':
      return EXIT.validation;
    case 'not_found':
      return EXIT.usage;
    case 'auth':
      return EXIT.auth;
    case 'payment':
    case 'quota':
      return EXIT.quota;
    case 'task_failed':
      return EXIT.taskFailed;
    case 'cancelled':
      return EXIT.cancelled;
    case 'network':
    case 'timeout':
    case 'rate_limited':
    case 'server':
    case 'bad_response':
      return EXIT.network;
  }
}

/** An error that already says what to print and how to exit (usage mistakes, unreadable files). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode = EXIT.usage,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

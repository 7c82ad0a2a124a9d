/**
 * The terminal of a `report-studio` task: a Pseudoterminal that runs the CLI's own code
 * (`runCli` of dist/engine.js) in the extension host — nothing to install, no child process —
 * with its stdout and stderr written to the terminal. So the task prints exactly the lines
 * `report-studio` prints in a shell; each whole line also goes to `onLine` (the task problems,
 * taskProblems.ts, read them with the `$report-studio` pattern). It
 * closes with the CLI's exit code; closing the terminal or Ctrl-C in it cancels the run (as
 * Ctrl-C does to the CLI, exit 130).
 */
import { Writable } from 'node:stream';
import * as vscode from 'vscode';
import type { EXIT } from '../../cli/exitCodes';
import type { CliIo } from '../../cli/output';
import { commandLine, terminalText } from '../../core/tasks/reportTask';

type RunCli = (argv: readonly string[], io: CliIo, signal: AbortSignal) => Promise<number>;

/** cli/exitCodes.ts: a task that cannot start is a usage error, a crash an internal error, a stop a cancel. */
const USAGE: (typeof EXIT)['usage'] = 2;
const INTERNAL: (typeof EXIT)['internal'] = 70;
const CANCELLED: (typeof EXIT)['cancelled'] = 130;

/**
 * How long the terminal stays open after the last line: VS Code's problem matcher reads lines as
 * the terminal renders them and stops 100 ms after the task ends, so lines written just before
 * an immediate close can be missed (microsoft/vscode#92868; the e2e run lost the last problem
 * line without this). VS Code waits the same 250 ms for a process's last output.
 */
const CLOSE_DELAY_MS = 250;

export interface CliTerminalJob {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** The CLI runs (argv each), worked out when the terminal opens; a string is a problem to print. */
  plan(): Promise<string[][] | string>;
  /** The CLI's entry, loaded on the first run. */
  runCli(): RunCli;
  /** The runs start (their problems replace the ones of the runs before). */
  onStart?(): void;
  /** Each whole line the runs print, without its line break. */
  onLine?(line: string): void;
  /** The running local service `--offline` uses (CliIo.localService): the extension's own. */
  localService?: CliIo['localService'];
  /** Called after the runs (an offline build: the status bar refetches the quota it spent). */
  finished?(): void;
}

export class CliTerminal implements vscode.Pseudoterminal {
  private readonly written = new vscode.EventEmitter<string>();
  private readonly closed = new vscode.EventEmitter<number>();
  readonly onDidWrite = this.written.event;
  readonly onDidClose = this.closed.event;
  private readonly abort = new AbortController();
  /** Settles when the runs are over (tests wait on it). */
  finished: Promise<number> | undefined;

  constructor(private readonly job: CliTerminalJob) {}

  open(): void {
    this.finished ??= this.execute().then(async (code) => {
      await new Promise((resolve) => setTimeout(resolve, CLOSE_DELAY_MS));
      this.closed.fire(code);
      return code;
    });
  }

  /** The terminal was closed (by the user or VS Code): stop waiting, as Ctrl-C would. */
  close(): void {
    this.abort.abort(new Error('the task terminal was closed'));
  }

  handleInput(data: string): void {
    if (!data.includes('\x03') || this.abort.signal.aborted) return;
    this.write('^C\n');
    this.abort.abort(new Error('interrupted'));
  }

  private write(text: string): void {
    this.written.fire(terminalText(text));
  }

  private async execute(): Promise<number> {
    try {
      const plan = await this.job.plan();
      if (typeof plan === 'string') {
        this.write(`report-studio: ${plan}\n`);
        return USAGE;
      }
      const code = await this.runAll(plan);
      this.job.finished?.();
      return code;
    } catch (error) {
      this.write(`report-studio: internal error: ${(error as Error)?.message ?? String(error)}\n`);
      return INTERNAL;
    }
  }

  /** Each run in turn (a build per report); the first failure's code is the task's. */
  private async runAll(runs: string[][]): Promise<number> {
    const runCli = this.job.runCli();
    this.job.onStart?.();
    const stream = (): NodeJS.WritableStream => {
      // The part of a line written so far: a chunk can end anywhere.
      let partial = '';
      return new Writable({
        decodeStrings: false,
        write: (chunk: string | Buffer, _encoding, done) => {
          const text = typeof chunk === 'string' ? chunk : chunk.toString('utf8');
          this.write(text);
          const lines = (partial + text).split('\n');
          partial = lines.pop() ?? '';
          for (const line of lines) this.job.onLine?.(line.replace(/\r$/, ''));
          done();
        },
        final: (done) => {
          if (partial) this.job.onLine?.(partial);
          done();
        },
      });
    };
    const io: CliIo = { stdout: stream(), stderr: stream(), env: this.job.env, cwd: this.job.cwd, localService: this.job.localService };
    let result = 0;
    for (const argv of runs) {
      if (this.abort.signal.aborted) break;
      this.write(`> ${commandLine(argv)}\n`);
      const code = await runCli(argv, io, this.abort.signal);
      if (result === 0) result = code;
    }
    return result === 0 && this.abort.signal.aborted ? CANCELLED : result;
  }
}

/**
 * A one-line status on stderr while a task runs (`⠹ build invoice.report.json  RUNNING  1.4 s`),
 * only when stderr is a terminal: CI logs and pipes stay clean. The line is erased
 * when the task ends so the result is the last thing on screen.
 */
import type { TaskProgress } from '../core/runner/taskRunner';
import { oneLine } from './terminalText';

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

export class ProgressLine {
  private timer?: NodeJS.Timeout;
  private frame = 0;
  private status = 'SUBMITTING';
  private readonly started = Date.now();

  constructor(
    private readonly stream: NodeJS.WritableStream & { isTTY?: boolean },
    private readonly label: string,
    private readonly enabled: boolean,
  ) {}

  static for(stream: NodeJS.WritableStream & { isTTY?: boolean }, label: string, quiet: boolean): ProgressLine {
    return new ProgressLine(stream, label, !quiet && stream.isTTY === true);
  }

  start(): this {
    if (!this.enabled) return this;
    this.render();
    this.timer = setInterval(() => this.render(), 100);
    return this;
  }

  update(progress: TaskProgress): void {
    // The status is the server's word: written raw it could move the cursor or recolour the terminal.
    this.status = progress.phase === 'downloading' ? 'DOWNLOADING' : oneLine(String(progress.status));
    if (this.enabled) this.render();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    if (this.enabled) this.stream.write('\r\x1b[K');
  }

  private render(): void {
    this.frame = (this.frame + 1) % FRAMES.length;
    const seconds = ((Date.now() - this.started) / 1000).toFixed(1);
    this.stream.write(`\r\x1b[K${FRAMES[this.frame]} ${this.label}  ${this.status}  ${seconds} s`);
  }
}

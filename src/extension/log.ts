/**
 * The "Report Studio" log (a LogOutputChannel, so the user picks the level and VS Code
 * keeps it in a file): one line per HTTP request, the local service's own lines and the
 * extension's notable events. Every line passes through redact() with every key the
 * extension knows, even lines that should not contain one: a key must never reach a log;
 * and its control characters are escaped, so a value (a server's message, a file name)
 * cannot forge another line. The channel itself is private: writers get a RedactingLog.
 */
import * as vscode from 'vscode';
import { logLine, redact } from '../core/redact';

/** What every writer of the extension logs through (never the raw channel). */
export interface RedactingLog {
  debug(line: string): void;
  info(line: string): void;
  warn(line: string): void;
  error(line: string): void;
}

export class ReportLog implements RedactingLog, vscode.Disposable {
  private readonly channel: vscode.LogOutputChannel;
  private readonly secrets = new Set<string>();
  /** VS Code disposes the channel right after calling deactivate(): later lines (the local service stopping) are dropped. */
  private disposed = false;

  constructor() {
    this.channel = vscode.window.createOutputChannel('Report Studio', { log: true });
  }

  /** A key to remove from every later line (the stored API key, the local development key). */
  addSecret(secret: string | undefined): void {
    if (secret) this.secrets.add(secret);
  }

  removeSecret(secret: string | undefined): void {
    if (secret) this.secrets.delete(secret);
  }

  /** Any text about to be shown (notifications, panels): the same redaction as the log (line breaks kept). */
  clean(text: string): string {
    return redact(text, [...this.secrets]);
  }

  /** One HTTP request: `POST http://127.0.0.1:41234/api/v1/preview-report → 200 in 12 ms`. */
  request(line: string): void {
    this.write('info', `[http] ${line}`);
  }

  /** A line of the bundled local service's own log. */
  service(line: string): void {
    this.write('info', `[local service] ${line}`);
  }

  debug(line: string): void {
    this.write('debug', line);
  }

  info(line: string): void {
    this.write('info', line);
  }

  warn(line: string): void {
    this.write('warn', line);
  }

  error(line: string): void {
    this.write('error', line);
  }

  /** The one place lines reach the channel: redacted (after decoding), controls escaped. */
  private write(level: 'debug' | 'info' | 'warn' | 'error', line: string): void {
    if (this.disposed) return;
    this.channel[level](logLine(line, [...this.secrets]));
  }

  show(): void {
    this.channel.show(true);
  }

  dispose(): void {
    this.disposed = true;
    this.channel.dispose();
  }
}

/**
 * The API key, kept only in VS Code's SecretStorage (the OS keychain on the desktop):
 * never in settings, globalState or a log. Reads are cached; a change made in another
 * window arrives through SecretStorage.onDidChange and is announced to the extension.
 */
import * as vscode from 'vscode';
import { checkApiKey } from '../../core/service/serviceChoice';
import type { ReportLog } from '../log';

const API_KEY_SECRET = 'reportStudio.apiKey';

export class ApiKeyStore implements vscode.Disposable {
  private cached: Promise<string | undefined> | undefined;
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly subscription: vscode.Disposable;
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly log: ReportLog,
  ) {
    // Also fires for this window's own store/delete: announce only real changes (another window).
    this.subscription = secrets.onDidChange(async (e) => {
      if (e.key !== API_KEY_SECRET) return;
      const before = await this.get();
      this.cached = undefined;
      if ((await this.get()) !== before) this.changed.fire();
    });
  }

  async get(): Promise<string | undefined> {
    this.cached ??= Promise.resolve(this.secrets.get(API_KEY_SECRET)).then(
      (key) => {
        this.log.addSecret(key);
        return key || undefined;
      },
      (error: unknown) => {
        this.log.warn(`Could not read the API key from the secret storage: ${(error as Error).message}`);
        this.cached = undefined; // try again next time
        return undefined;
      },
    );
    return this.cached;
  }

  async has(): Promise<boolean> {
    return (await this.get()) !== undefined;
  }

  /** Stores a key (trimmed); throws on input that cannot be a key. */
  async set(raw: string): Promise<void> {
    const problem = checkApiKey(raw, vscode.l10n);
    if (problem) throw new Error(problem.message);
    const key = raw.trim();
    this.log.addSecret(key);
    const before = this.cached;
    // Cached first, so the onDidChange of this very store sees no change to announce.
    this.cached = Promise.resolve(key);
    try {
      await this.secrets.store(API_KEY_SECRET, key);
    } catch (error) {
      this.cached = before;
      throw error;
    }
    this.changed.fire();
  }

  /** Removes the key; true when there was one. */
  async clear(): Promise<boolean> {
    const had = await this.has();
    this.cached = Promise.resolve(undefined);
    await this.secrets.delete(API_KEY_SECRET);
    if (had) this.changed.fire();
    return had;
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}

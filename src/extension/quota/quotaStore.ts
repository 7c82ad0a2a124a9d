/**
 * The quota the extension knows about, for the service in use: fetched on demand
 * (get-remaining-quota) and updated from a build's X-*-REMAINING headers without an
 * extra request. Numbers of one service never show under another: a change of service
 * or key clears them.
 */
import * as vscode from 'vscode';
import type { QuotaRecord } from '../../core/api/types';
import type { QuotaHeaders } from '../../core/client/responses';
import { snapshotFromRecord, snapshotWithHeaders, type QuotaSnapshot } from '../../core/quota/quotaSummary';
import type { ClientFactory, ServiceSession } from '../service/clientFactory';

export interface QuotaState {
  snapshot?: QuotaSnapshot;
  /** The service the snapshot belongs to (`Local service (127.0.0.1:41234)`). */
  serviceLabel?: string;
  local: boolean;
  /** The last refresh failed with this message (redacted by the client). */
  lastError?: string;
  refreshing: boolean;
}

export class QuotaStore implements vscode.Disposable {
  private state: QuotaState = { local: false, refreshing: false };
  private target: string | undefined;
  private inFlight: Promise<QuotaRecord> | undefined;
  /** Bumped by reset(): a request from before a change of service no longer writes the state. */
  private generation = 0;
  private readonly changed = new vscode.EventEmitter<QuotaState>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly clients: ClientFactory) {}

  get current(): QuotaState {
    return this.state;
  }

  /** True once numbers (or an error) are known for the service in use. */
  get known(): boolean {
    return this.state.snapshot !== undefined || this.state.lastError !== undefined;
  }

  /** Fetches the record (concurrent callers share one request); rejects like the client does. */
  refresh(): Promise<QuotaRecord> {
    if (this.inFlight) return this.inFlight;
    const request = this.fetch(this.generation).finally(() => {
      if (this.inFlight === request) this.inFlight = undefined;
    });
    this.inFlight = request;
    return request;
  }

  /** After a build: the headers' counters, no request. */
  updateFromHeaders(session: ServiceSession, headers: QuotaHeaders | undefined): void {
    if (!headers) return;
    this.adopt(session);
    this.set({ snapshot: snapshotWithHeaders(this.state.snapshot, headers, new Date()), lastError: undefined });
  }

  /** The service or key changed: what was known no longer applies. */
  reset(): void {
    // A request to the old service is not the answer for the new one (its client is closing).
    this.generation++;
    this.inFlight = undefined;
    this.target = undefined;
    this.state = { local: false, refreshing: false };
    this.changed.fire(this.state);
  }

  /** Shows the service about to be used before anything is known about its quota. */
  describe(label: string, local: boolean): void {
    if (this.state.serviceLabel === label && this.state.local === local) return;
    this.set({ serviceLabel: label, local });
  }

  private async fetch(generation: number): Promise<QuotaRecord> {
    this.set({ refreshing: true });
    try {
      const session = await this.clients.acquire();
      const record = await session.client.getRemainingQuota();
      if (generation !== this.generation) return record;
      this.adopt(session);
      this.set({ snapshot: snapshotFromRecord(record, new Date()), lastError: undefined, refreshing: false });
      return record;
    } catch (error) {
      if (generation === this.generation) this.set({ lastError: (error as Error).message, refreshing: false });
      throw error;
    }
  }

  private adopt(session: ServiceSession): void {
    if (this.target !== session.target) {
      this.target = session.target;
      this.state = { local: session.mode === 'local', serviceLabel: session.label, refreshing: this.state.refreshing };
    }
  }

  private set(patch: Partial<QuotaState>): void {
    this.state = { ...this.state, ...patch };
    this.changed.fire(this.state);
  }

  dispose(): void {
    this.changed.dispose();
  }
}

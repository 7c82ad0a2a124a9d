/**
 * Who may hold a get-task-status answer (`wait=`). A held long-poll keeps its connection, and
 * connections are capped for everyone (--max-connections): without a bound one key, within its
 * rate limit, could hold them all and every other key would get 503. The key is only known once
 * a request is parsed, so the bound is on what a key can keep open *by long-polling*: at most
 * its cap of held answers, and at most one per socket. Answers on a socket go out in order
 * (HTTP/1.1), so a held answer would hold every request pipelined behind it: a long-poll is
 * held only when it is the socket's one request in flight, and a held one is answered as
 * soon as another request arrives on its socket. Beyond any of these, the status is
 * answered at once with a plain status (no `waited_ms`: the client goes back to its poll schedule).
 * A connection left idle after its answer is closed by the idle timeout (connections.ts).
 */

/** A key may hold long-polls on at most this share of the connection cap (so four keys cannot exhaust it). */
const LONG_POLL_CONNECTION_SHARE = 1 / 4;

/** One held answer: `signal` aborts when it must be answered now; `end()` gives its place back. */
export interface HeldPoll {
  signal: AbortSignal;
  end(): void;
}

export class LongPolls {
  /** Held answers per key at most: the option, never more than the key's share of the connections. */
  readonly capPerKey: number;
  private readonly perKey = new Map<string, number>();
  private readonly bySocket = new WeakMap<object, { end(): void; controller: AbortController }>();

  /**
   * `requestsInFlight`: requests parsed from a connection and not answered yet (connections.ts on
   * Node; always 1 in-process, where each call is its own connection).
   */
  constructor(
    maxPerKey: number,
    maxConnections: number,
    private readonly requestsInFlight: (connection: object) => number,
  ) {
    this.capPerKey = Math.max(1, Math.min(maxPerKey, Math.floor(maxConnections * LONG_POLL_CONNECTION_SHARE)));
  }

  /** Call for every request: a long-poll held on the same socket is answered now, so the new one's answer can follow. */
  onRequest(socket: object): void {
    const held = this.bySocket.get(socket);
    if (!held) return;
    held.end();
    held.controller.abort();
  }

  /** A place for `keyId` to hold an answer on `socket`, or undefined: answer at once. */
  hold(keyId: string, socket: object): HeldPoll | undefined {
    const count = this.perKey.get(keyId) ?? 0;
    if (count >= this.capPerKey || this.bySocket.has(socket) || this.requestsInFlight(socket) > 1) return undefined;
    this.perKey.set(keyId, count + 1);
    const controller = new AbortController();
    let ended = false;
    const end = (): void => {
      if (ended) return;
      ended = true;
      const left = (this.perKey.get(keyId) ?? 1) - 1;
      if (left > 0) this.perKey.set(keyId, left);
      else this.perKey.delete(keyId);
      if (this.bySocket.get(socket)?.controller === controller) this.bySocket.delete(socket);
    };
    this.bySocket.set(socket, { end, controller });
    return { signal: controller.signal, end };
  }
}

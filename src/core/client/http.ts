/**
 * One HTTP exchange with undici under a deadline (transport.ts): the transport of the Node
 * client. Status handling is the caller's business (apiClient.ts). In the browser this module
 * is swapped for src/web/client/http.ts (scripts/web-build.mjs), which exports the same.
 */
import { Agent, request } from 'undici';
import type { Dispatcher } from 'undici';
import { openUnderDeadline, type HttpCall, type OpenResponse } from './transport';

export { discard, readText } from './transport';
export type { HttpCall, OpenResponse, ResponseBody } from './transport';

/** The client's own connection pool (ReportClient closes it on close()). */
export function createDispatcher(): Dispatcher {
  return new Agent({ keepAliveTimeout: 4_000, connections: 16 });
}

export function openRequest(call: HttpCall): Promise<OpenResponse> {
  return openUnderDeadline(call, async (signal) => {
    const response = await request(call.url, {
      method: call.method,
      headers: call.headers,
      body: call.body,
      signal,
      dispatcher: call.dispatcher,
      // The deadline governs time; undici's own timers would race it with other messages.
      headersTimeout: 0,
      bodyTimeout: 0,
    });
    const headers: Record<string, string | undefined> = {};
    for (const [name, value] of Object.entries(response.headers)) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value[0] : value;
    }
    return { status: response.statusCode, headers, body: response.body };
  });
}

// The loopback RPC server behind the UI driver (e2e) and the bench driver (harness bench):
// code running in VS Code's extension host POSTs `/<action>` with a JSON body and gets
// `{value}` (200) or `{error}` (404 unknown action, 500 failed) back. Bound to 127.0.0.1 on a
// free port. `attach(handlers)` sets what the actions do (they act on the current page).
import { createServer } from 'node:http';

/** `onError(name, error, handlers)` runs before a failed action's 500 (e.g. a screenshot). */
export async function startRpcServer(label, { onError } = {}) {
  let handlers;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', async () => {
      const name = decodeURIComponent((req.url ?? '/').slice(1));
      const reply = (status, value) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (req.method !== 'POST' || !handlers || !Object.hasOwn(handlers, name)) return reply(404, { error: `no ${label} action ${name}` });
      try {
        reply(200, { value: await handlers[name](body ? JSON.parse(body) : {}) });
      } catch (e) {
        await onError?.(name, e, handlers);
        reply(500, { error: e instanceof Error ? e.message : String(e) });
      }
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    attach(next) {
      handlers = next;
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';

/** A 127.0.0.1 port nothing listens on (one the system just gave out and took back): connections are refused. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

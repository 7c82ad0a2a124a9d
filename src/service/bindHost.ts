/**
 * Where the local service listens. Loopback only unless the user explicitly allows more
 * (`--host <addr> --allow-remote`): the service accepts a development key printed at start,
 * serves every stored report to that key and has no TLS, so another machine must never
 * reach it by accident. A refused address is an error before anything listens; an allowed
 * one is warned about on every start.
 */
import { isIP } from 'node:net';
import { DEFAULT_HOST } from './options';

export class BindRefusedError extends Error {
  constructor(host: string) {
    super(
      `refusing to listen on ${host}: it is not a loopback address, so other machines could reach the local service ` +
        '(its API keys, stored reports and quota, without TLS). Use --host 127.0.0.1, or pass --allow-remote to do it anyway',
    );
    this.name = 'BindRefusedError';
  }
}

/** 127.0.0.0/8, ::1 (also IPv4-mapped) and the name localhost. */
export function isLoopbackAddress(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost') return true;
  if (isIP(h) === 4) return h.startsWith('127.');
  if (isIP(h) === 6) return h === '::1' || h === '0:0:0:0:0:0:0:1' || /^::ffff:127\./.test(h);
  return false;
}

/** Throws BindRefusedError for a non-loopback host unless remote binding is allowed. */
export function checkBindHost(host: string, allowRemote: boolean): void {
  if (!host.trim()) throw new BindRefusedError(JSON.stringify(host));
  if (!isLoopbackAddress(host) && !allowRemote) throw new BindRefusedError(host);
}

/** The warning printed when the service listens beyond loopback (undefined on loopback). */
export function remoteBindWarning(host: string, port: number): string | undefined {
  if (isLoopbackAddress(host)) return undefined;
  return (
    `WARNING: the local service listens on ${host}:${port}, beyond loopback (--allow-remote): other machines that can reach ` +
    'this address can use it with a valid API key; traffic is not encrypted. Stop it when you no longer need remote access.'
  );
}

/** The origin this machine uses to reach the service (wildcard addresses → 127.0.0.1). */
export function localOrigin(host: string, port: number): string {
  const h = host.replace(/^\[|\]$/g, '');
  if (h === '0.0.0.0' || h === '::' || h === 'localhost' || h === DEFAULT_HOST) return `http://${DEFAULT_HOST}:${port}`;
  return isIP(h) === 6 ? `http://[${h}]:${port}` : `http://${h}:${port}`;
}

/**
 * One log line per request: time, method, path, status, duration, key id.
 * The key itself never appears: the `api_key` query value is masked and the key is
 * shown by its non-reversible id.
 */
export function redactUrl(url: string): string {
  return url.replace(/([?&]api_key=)[^&#]*/gi, '$1***');
}

export function formatRequestLine(method: string, url: string, status: number, ms: number, keyId: string | undefined): string {
  const key = keyId ? `key#${keyId}` : 'key=-';
  return `${new Date().toISOString()} ${method} ${redactUrl(url)} ${status} ${ms.toFixed(1)}ms ${key}`;
}

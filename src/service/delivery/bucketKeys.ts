/**
 * Bucket keys, on every host: a destination's folder segments and the decoding of a bucket key
 * from a request path (bucket.ts on Node; src/web/service/bucket.ts in the browser).
 */

/** Longest folder name kept: file systems refuse names over 255 bytes (ENAMETOOLONG). */
const MAX_SEGMENT = 100;

/** Turns "s3://bucket/a/b", "https://host/path?sig" or "bucket/a" into safe path segments. */
export function destinationSegments(destination: string): string[] {
  let d = destination.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  d = d.split(/[?#]/)[0];
  return d
    .split(/[/\\]+/)
    .filter((s) => s !== '' && s !== '.')
    .map((s) => (s === '..' ? '_' : s.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, MAX_SEGMENT)))
    .slice(0, 16);
}

/** The segments of a `/bucket/<key>` path, or undefined when one could leave the bucket (`..`, a separator). */
export function keySegments(key: string): string[] | undefined {
  let decoded: string[];
  try {
    decoded = key.split('/').map(decodeURIComponent);
  } catch {
    return undefined;
  }
  return decoded.some((s) => s === '' || s === '.' || s === '..' || s.includes('/') || s.includes('\\')) ? undefined : decoded;
}

/** A copy's key in URLs: its segments, each percent-encoded. */
export function bucketKey(segments: string[]): string {
  return segments.map(encodeURIComponent).join('/');
}

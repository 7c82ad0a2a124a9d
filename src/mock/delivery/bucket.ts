/**
 * Cloud storage, locally: `config.cloud_storage` names a destination per provider
 * (`s3`, `azure_blob_storage`, `google_cloud_storage`). The local service writes the
 * built file to `<bucketDir>/<provider>/<destination>/<task_id>.pdf` instead of keeping
 * it as a task file; get-report then redirects to `/bucket/<provider>/<destination>/…`,
 * which this service serves like a public bucket URL.
 */
import { promises as fs } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { writeFileAtomic } from '../store/atomicFile';
import type { CloudCopy, CloudTarget } from '../store/taskStore';

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

export async function uploadToBucket(bucketDir: string, targets: CloudTarget[], fileName: string, bytes: Uint8Array): Promise<CloudCopy[]> {
  const copies: CloudCopy[] = [];
  for (const t of targets) {
    const segments = [t.provider, ...destinationSegments(t.destination), fileName];
    const path = join(bucketDir, ...segments);
    await fs.mkdir(dirname(path), { recursive: true });
    await writeFileAtomic(path, bytes);
    copies.push({ provider: t.provider, path, key: segments.map(encodeURIComponent).join('/') });
  }
  return copies;
}

/** Absolute path of a bucket key from a request path, or undefined when it escapes the bucket. */
export function bucketPath(bucketDir: string, key: string): string | undefined {
  let decoded: string[];
  try {
    decoded = key.split('/').map(decodeURIComponent);
  } catch {
    return undefined;
  }
  if (decoded.some((s) => s === '' || s === '.' || s === '..' || s.includes('/') || s.includes('\\'))) return undefined;
  const root = resolve(bucketDir);
  const path = resolve(root, ...decoded);
  return path.startsWith(root + sep) ? path : undefined;
}

/**
 * Cloud storage, locally: `config.cloud_storage` names a destination per provider
 * (`s3`, `azure_blob_storage`, `google_cloud_storage`). The local service writes the
 * built file to `<bucketDir>/<provider>/<destination>/<task_id>.pdf` instead of keeping
 * it as a task file; get-report then redirects to `/bucket/<provider>/<destination>/…`,
 * which this service serves like a public bucket URL. In the browser this module is swapped for
 * src/web/service/bucket.ts (the copies kept in the service's memory).
 */
import { promises as fs } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { writeFileAtomic } from '../store/atomicFile';
import type { CloudCopy, CloudTarget } from '../store/taskStore';
import { bucketKey, destinationSegments, keySegments } from './bucketKeys';

export { destinationSegments } from './bucketKeys';

export async function uploadToBucket(bucketDir: string, targets: CloudTarget[], fileName: string, bytes: Uint8Array): Promise<CloudCopy[]> {
  const copies: CloudCopy[] = [];
  for (const t of targets) {
    const segments = [t.provider, ...destinationSegments(t.destination), fileName];
    const path = join(bucketDir, ...segments);
    await fs.mkdir(dirname(path), { recursive: true });
    await writeFileAtomic(path, bytes);
    copies.push({ provider: t.provider, path, key: bucketKey(segments) });
  }
  return copies;
}

/** Absolute path of a bucket key from a request path, or undefined when it escapes the bucket. */
export function bucketPath(bucketDir: string, key: string): string | undefined {
  const decoded = keySegments(key);
  if (!decoded) return undefined;
  const root = resolve(bucketDir);
  const path = resolve(root, ...decoded);
  return path.startsWith(root + sep) ? path : undefined;
}

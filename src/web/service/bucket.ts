/**
 * The browser twin of src/service/delivery/bucket.ts (a SWAP, scripts/web-build.mjs): the local
 * stand-in for cloud storage keeps its copies in the service's memory volume — the task store's,
 * so retention removes them as on disk — registered for the service's bucket folder.
 */
import type { CloudCopy, CloudTarget } from '../../service/store/taskStore';
import type { StoreVolume } from '../../service/store/volume';
import { bucketKey, destinationSegments, keySegments } from '../../service/delivery/bucketKeys';

export { destinationSegments } from '../../service/delivery/bucketKeys';

const volumes = new Map<string, StoreVolume>();

/** Keeps the copies for `bucketDir` in `volume` until the returned function is called. */
export function keepBucketIn(bucketDir: string, volume: StoreVolume): () => void {
  volumes.set(bucketDir, volume);
  return () => void volumes.delete(bucketDir);
}

function volumeOf(bucketDir: string): StoreVolume {
  const volume = volumes.get(bucketDir);
  if (!volume) throw new Error(`no memory volume holds the bucket ${bucketDir}`);
  return volume;
}

export async function uploadToBucket(bucketDir: string, targets: CloudTarget[], fileName: string, bytes: Uint8Array): Promise<CloudCopy[]> {
  const volume = volumeOf(bucketDir);
  const copies: CloudCopy[] = [];
  for (const t of targets) {
    const segments = [t.provider, ...destinationSegments(t.destination), fileName];
    const path = volume.join(bucketDir, ...segments);
    await volume.write(path, bytes);
    copies.push({ provider: t.provider, path, key: bucketKey(segments) });
  }
  return copies;
}

/** The copy's path in the volume, or undefined when the key could leave the bucket. */
export function bucketPath(bucketDir: string, key: string): string | undefined {
  const segments = keySegments(key);
  return segments && volumeOf(bucketDir).join(bucketDir, ...segments);
}

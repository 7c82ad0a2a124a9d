/** The development key of the Node service: generated on first start and kept in the data dir. */
import { join } from 'node:path';
import { readJson, writeJsonAtomic } from './store/atomicFile';
import { newDevKey } from './keys';
import type { KeyPlanInput, PlanInput } from './options';

interface DevKeyFile {
  key: string;
  createdAt: string;
}

/** Loads the development key kept in the data dir, creating it on first start. */
async function loadOrCreateDevKey(dataDir: string): Promise<string> {
  const path = join(dataDir, 'dev-key.json');
  const existing = await readJson<DevKeyFile>(path).catch(() => undefined);
  if (existing && typeof existing.key === 'string' && existing.key.length >= 8) return existing.key;
  const key = newDevKey();
  await writeJsonAtomic(path, { key, createdAt: new Date().toISOString() } satisfies DevKeyFile);
  return key;
}

/** The keys the service accepts: the given ones, or the development key with `plan`. */
export async function resolveKeys(dataDir: string, keys: KeyPlanInput[] | undefined, plan: PlanInput | undefined): Promise<KeyPlanInput[]> {
  if (keys && keys.length > 0) return keys;
  return [{ ...plan, key: await loadOrCreateDevKey(dataDir) }];
}

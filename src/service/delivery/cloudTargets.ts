/**
 * Which cloud destinations a report's `config.cloud_storage` names (bucket.ts writes the copies).
 * Apart from the writing so that the submit check (http/bodyCheck.ts) stays free of file I/O: it
 * runs in the browser build too (src/web/).
 */
import type { CloudTarget } from '../store/taskStore';

const PROVIDERS = ['s3', 'azure_blob_storage', 'google_cloud_storage'] as const;

/** The providers a report asks for (non-empty string values); unknown keys are ignored. */
export function cloudTargets(config: unknown): CloudTarget[] {
  if (!config || typeof config !== 'object') return [];
  const cs = (config as Record<string, unknown>).cloud_storage;
  if (!cs || typeof cs !== 'object') return [];
  const out: CloudTarget[] = [];
  for (const provider of PROVIDERS) {
    const v = (cs as Record<string, unknown>)[provider];
    if (typeof v === 'string' && v.trim() !== '') out.push({ provider, destination: v.trim() });
  }
  return out;
}

/**
 * How many content pages a report may have: one fact read by the renderer (where layout stops),
 * the local service (which quota a build takes) and the quota estimates of the CLI and editor.
 *
 * `config.enable_multi_page: true` lets content continue on as many pages as it needs. The
 * older SDK (up to v1.3.0) had no such switch: its only one was `n_pages` ("Number of pages",
 * default 1, sent with every report). So when `enable_multi_page` is absent (or null), an
 * `n_pages` above 1 is read as that switch, with `n_pages` as the most pages content may take: a
 * maximum, never padding — fewer pages when the content is shorter. `enable_multi_page: false`
 * given explicitly keeps the report on one page whatever `n_pages` says.
 */
import { laxBoolWord } from '../api/laxBool';

/** pydantic's lax bool: true, false, or undefined when the value reads as neither (absent, null). */
function laxBool(v: unknown): boolean | undefined {
  if (typeof v === 'boolean') return v;
  if (v === 1 || v === 0) return v === 1;
  return typeof v === 'string' ? laxBoolWord(v) : undefined;
}

/** pydantic's lax int: an integral number or numeric string, else undefined. */
function laxInt(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isInteger(n) ? n : undefined;
}

/** The most content pages a report with this raw `config` may have (Infinity: as many as it needs). */
export function maxContentPages(config: unknown): number {
  const c = config && typeof config === 'object' ? (config as Record<string, unknown>) : {};
  const multi = laxBool(c.enable_multi_page);
  if (multi !== undefined) return multi ? Infinity : 1;
  const nPages = laxInt(c.n_pages);
  return nPages !== undefined && nPages > 1 ? nPages : 1;
}

/** True when a report may take more than one content page, and so counts against the multi-page quota. */
export function isMultiPage(config: unknown): boolean {
  return maxContentPages(config) > 1;
}

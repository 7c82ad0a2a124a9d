/**
 * The images of a report, loaded before layout starts (layout is synchronous): Image
 * components (`image_url` over http(s) or as a data: URL, or `base64` with an advisory
 * `base64_extension`), the header logo (`options.logo_url`) and the cover background
 * (`cover_page.bg_image`).
 *
 * - Formats: PNG and JPEG are embedded as they are; the first frame of a GIF and a WebP
 *   are decoded and embedded as PNG; SVG is drawn as vectors. The bytes decide the
 *   format, never the extension.
 * - Downloads go through the outbound policy (../../net/outboundPolicy.ts). One that
 *   fails — offline, refused, blocked, HTTP error, too slow, too large — is drawn as a
 *   labelled placeholder and noted; the task still succeeds, as it would have on the
 *   hosted service, which can fetch it.
 * - Only data that is in the report itself and wrong fails the task: malformed base64 or
 *   data: URL, bytes that are no image, damaged image data, an image over the pixel limits
 *   (images/limits.ts) — each named by the option's JSON path.
 */
import type { ReportPath } from '../core/api/types';
import { formatPath } from '../core/loc/treeWalk';
import { fetchBytes } from '../net/outboundPolicy';
import { imageFetchPolicy, OutboundError, type FetchFailure, type OutboundPolicy, type ResolveFn } from '../net/policy';
import { RenderError } from './renderer';
import { sniffImage, type ImageFormat } from './images/sniff';
import { DEFAULT_IMAGE_LIMITS, ImageLimitError, PixelBudget, type ImageLimits } from './images/limits';
import { DamagedImage, gifFirstFrame, rgbaToPng } from './images/raster';
import { decodeWebp } from './images/webp';
import { checkPngData } from './images/pngData';
import { prepareSvg, type VectorImage } from './images/svg';

/** What createRenderer() takes: any limit, and who may be fetched from. */
export interface ImageSettings extends Partial<ImageLimits> {
  /** Hosts reached whatever they resolve to (`--fetch-allow-host`; `*` = any). */
  allowHosts?: readonly string[];
  /** Loopback may be fetched (default true; false when the service is open to other machines). */
  allowLoopback?: boolean;
  /** Name resolution (tests). */
  lookup?: ResolveFn;
  /** Nothing is fetched (VS Code's Restricted Mode): every URL image is a placeholder. */
  restricted?: boolean;
}

export type LoadedImage =
  /** `data` is PNG or JPEG (GIF/WebP re-encoded as PNG); width/height in pixels. */
  | { kind: 'raster'; format: ImageFormat; data: Buffer; width: number; height: number }
  /** Width/height in CSS px. */
  | { kind: 'vector'; format: 'svg'; vector: VectorImage; width: number; height: number }
  /** Not fetched, or no picture named: drawn as a labelled box. */
  | { kind: 'placeholder'; reason: FetchFailure | typeof NO_IMAGE_SOURCE; source: string };

/**
 * Why an Image whose `image_url` and `base64` are both null or empty is a placeholder: the newer
 * SDK types `image_url` as a required key that may be null, so such a body passes validation here
 * as there; it is drawn as a labelled box, never a failed build (docs/local-service.md).
 */
export const NO_IMAGE_SOURCE = 'no image_url or base64';

/** One image reference in the report. */
export interface ImageRef {
  /** JSON path of the option, e.g. ['components', 2, 'options', 'image_url']. */
  path: ReportPath;
  source: { kind: 'url'; url: string } | { kind: 'base64'; text: string };
}

/** The URL as shown in messages and placeholders: no credentials, no query (tokens live there). */
function displayUrl(url: string): string {
  if (url.startsWith('data:')) return 'a data: URL';
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}${u.search ? '?…' : ''}`;
  } catch {
    return url.length > 80 ? `${url.slice(0, 77)}…` : url;
  }
}

/** Data that is in the report and wrong: fails the task. */
class MalformedData extends Error {}

/** Base64 as written in reports: whitespace and a `data:…;base64,` prefix allowed, padding optional, URL-safe alphabet too. */
export function decodeBase64Strict(text: string): Buffer {
  const prefix = /^\s*data:[^,]*;base64,/i.exec(text)?.[0] ?? '';
  const body = text.slice(prefix.length);
  const bad = /[^A-Za-z0-9+/\-_=\s]/.exec(body);
  if (bad)
    throw new MalformedData(
      `malformed base64 (${JSON.stringify(bad[0])} at position ${prefix.length + bad.index} is not a base64 character)`,
    );
  const compact = body.replace(/\s+/g, '');
  // Not /=+$/: unanchored, it rescans a run of '=' from each of its characters (quadratic).
  let end = compact.length;
  while (end > 0 && compact[end - 1] === '=') end--;
  const unpadded = compact.slice(0, end);
  if (unpadded.includes('=')) throw new MalformedData('malformed base64 ("=" padding inside the data)');
  if (unpadded.length % 4 === 1 || compact.length - unpadded.length > 2)
    throw new MalformedData('malformed base64 (its length is not that of any base64 text)');
  if (!unpadded.length) throw new MalformedData('malformed base64 (no data)');
  return Buffer.from(unpadded.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
}

/** The bytes of a data: URL (base64 or percent-encoded). */
function decodeDataUrl(url: string): Buffer {
  const comma = url.indexOf(',');
  if (comma < 0) throw new MalformedData('malformed data: URL (no comma before the data)');
  const meta = url.slice(5, comma);
  const data = url.slice(comma + 1);
  if (/;base64$/i.test(meta.trim())) return decodeBase64Strict(data);
  const bytes: number[] = [];
  for (let i = 0; i < data.length; i++) {
    const c = data[i];
    if (c === '%') {
      const hex = data.slice(i + 1, i + 3);
      if (!/^[0-9a-f]{2}$/i.test(hex)) throw new MalformedData(`malformed data: URL (bad percent-escape at position ${comma + 1 + i})`);
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** What phase one (the bytes) gave: bytes, a fetch failure (→ placeholder), or a report error. */
type Fetched = { ok: true; bytes: Buffer; origin: string } | { ok: false; failure: OutboundError; origin: string };

async function bytesOf(ref: ImageRef, policy: OutboundPolicy, limits: ImageLimits, signal?: AbortSignal): Promise<Fetched> {
  if (ref.source.kind === 'base64') return { ok: true, bytes: decodeBase64Strict(ref.source.text), origin: 'base64 data' };
  const url = ref.source.url.trim();
  if (/^data:/i.test(url)) return { ok: true, bytes: decodeDataUrl(url), origin: 'a data: URL' };
  const origin = displayUrl(url);
  try {
    return { ok: true, bytes: await fetchBytes(url, policy, { maxBytes: limits.maxBytes, timeoutMs: limits.timeoutMs, signal }), origin };
  } catch (err) {
    if (err instanceof OutboundError) return { ok: false, failure: err, origin };
    throw err;
  }
}

/** Phase two, in report order: header → limits → decode. */
async function decodeImage(bytes: Buffer, budget: PixelBudget): Promise<LoadedImage> {
  const head = sniffImage(bytes);
  if (!head.ok) throw new MalformedData(`not an image (${head.problem})`);
  const { format, width, height } = head;
  if (format === 'svg') {
    const vector = await prepareSvg(bytes, budget);
    return { kind: 'vector', format, vector, width, height };
  }
  const recharge = budget.charge(width, height);
  if (format === 'png') await checkPngData(bytes);
  if (format === 'png' || format === 'jpeg') return { kind: 'raster', format, data: bytes, width, height };
  const rgba = format === 'gif' ? gifFirstFrame(bytes, recharge) : await decodeWebp(bytes);
  return { kind: 'raster', format, data: rgbaToPng(rgba), width: rgba.width, height: rgba.height };
}

/** Runs `jobs` with at most `n` in flight; results in input order (all settle). */
async function settleLimited<T>(jobs: Array<() => Promise<T>>, n: number): Promise<Array<PromiseSettledResult<T>>> {
  const results: Array<PromiseSettledResult<T>> = new Array(jobs.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < jobs.length) {
      const i = next++;
      try {
        results[i] = { status: 'fulfilled', value: await jobs[i]() };
      } catch (reason) {
        results[i] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, jobs.length) }, worker));
  return results;
}

export interface ImageLoad {
  image: LoadedImage;
  /** Set when the image was not fetched: what the author is told. */
  note?: string;
}

/**
 * Loads every reference: downloads in parallel (bounded), then in report order each
 * image's header is checked against the limits before it is decoded — so which image
 * crosses the report's pixel limit does not depend on download timing.
 */
export async function loadImages(refs: ImageRef[], settings: ImageSettings = {}, signal?: AbortSignal): Promise<ImageLoad[]> {
  const limits: ImageLimits = { ...DEFAULT_IMAGE_LIMITS, ...definedOnly(settings) };
  const policy = imageFetchPolicy({
    allowHosts: settings.allowHosts,
    allowLoopback: settings.allowLoopback,
    lookup: settings.lookup,
    restricted: settings.restricted,
  });
  // The same URL twice (a logo repeated in cells) is fetched once.
  const byUrl = new Map<string, Promise<Fetched>>();
  const fetched = await settleLimited(
    refs.map((ref) => () => {
      if (ref.source.kind !== 'url' || /^data:/i.test(ref.source.url.trim())) return bytesOf(ref, policy, limits, signal);
      const key = ref.source.url.trim();
      let p = byUrl.get(key);
      if (!p) byUrl.set(key, (p = bytesOf(ref, policy, limits, signal)));
      return p;
    }),
    limits.parallelFetches,
  );
  signal?.throwIfAborted();
  const budget = new PixelBudget(limits);
  const out: ImageLoad[] = [];
  for (let i = 0; i < refs.length; i++) {
    const ref = refs[i];
    const r = fetched[i];
    try {
      if (r.status === 'rejected') throw r.reason;
      const f = r.value;
      if (!f.ok) {
        const option = String(ref.path[ref.path.length - 1]);
        // A cover background is not replaced by a placeholder (it would hide the cover's content).
        const drawn = option === 'bg_image' ? 'the cover keeps its background colour' : 'a placeholder was drawn';
        out.push({
          image: { kind: 'placeholder', reason: f.failure.reason, source: f.origin },
          note: `${option} ${f.origin} ${f.failure.message} — ${drawn}`,
        });
        continue;
      }
      out.push({ image: await decodeImage(f.bytes, budget) });
    } catch (err) {
      if (signal?.aborted) throw signal.reason ?? err;
      throw asRenderError(err, ref.path);
    }
  }
  return out;
}

function definedOnly(o: Partial<ImageLimits>): Partial<ImageLimits> {
  const out: Partial<ImageLimits> = {};
  for (const k of ['timeoutMs', 'maxBytes', 'maxImagePixels', 'maxReportPixels', 'parallelFetches'] as const)
    if (typeof o[k] === 'number') out[k] = o[k];
  return out;
}

/** A failure at an option's JSON path: `components[2].options.base64: not an image (…)`. */
function asRenderError(err: unknown, path: ReportPath): RenderError {
  if (err instanceof RenderError) return err;
  const where = formatPath(path);
  if (err instanceof MalformedData || err instanceof ImageLimitError) return new RenderError(err.message, where);
  if (err instanceof DamagedImage) return new RenderError(`not an image (${err.message})`, where);
  return new RenderError(`the image could not be read (${err instanceof Error ? err.message : String(err)})`, where);
}

/** Loaded images by the options object that asked for them (filled before layout). */
const attached = new WeakMap<object, LoadedImage>();

export function attachImage(options: object, image: LoadedImage): void {
  attached.set(options, image);
}

export function attachedImage(options: object): LoadedImage | undefined {
  return attached.get(options);
}

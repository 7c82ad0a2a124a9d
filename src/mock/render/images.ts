/**
 * Loads the images a report refers to before layout starts (layout is
 * synchronous): Image components (`image_url` over http(s) or a data: URL, or
 * `base64` + `base64_extension`), the header logo and the cover background.
 * Each download has a timeout and a size cap; only PNG and JPEG are accepted
 * (what pdfkit embeds). A failure names the component path.
 */
import { RenderError } from './renderer';

export interface LoadedImage {
  data: Buffer;
  width: number;
  height: number;
  format: 'png' | 'jpeg';
}

export interface ImageLimits {
  timeoutMs: number;
  maxBytes: number;
}

export const DEFAULT_IMAGE_LIMITS: ImageLimits = { timeoutMs: 10_000, maxBytes: 10 * 1024 * 1024 };

/** Width/height from the PNG IHDR chunk or the JPEG SOFn marker; undefined when neither. */
export function sniffImage(data: Buffer): Omit<LoadedImage, 'data'> | undefined {
  if (data.length > 24 && data.readUInt32BE(0) === 0x89504e47 && data.toString('ascii', 12, 16) === 'IHDR') {
    return { format: 'png', width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
  }
  if (data.length > 4 && data[0] === 0xff && data[1] === 0xd8) {
    let i = 2;
    while (i + 9 < data.length) {
      if (data[i] !== 0xff) return undefined;
      const marker = data[i + 1];
      const len = data.readUInt16BE(i + 2);
      const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
      if (isSof) return { format: 'jpeg', height: data.readUInt16BE(i + 5), width: data.readUInt16BE(i + 7) };
      i += 2 + len;
    }
  }
  return undefined;
}

/** The URL as shown in messages: no query string or credentials (they may carry tokens). */
export function displayUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}${u.search ? '?…' : ''}`;
  } catch {
    return url.length > 80 ? `${url.slice(0, 77)}…` : url;
  }
}

async function download(url: string, limits: ImageLimits, signal?: AbortSignal): Promise<Buffer> {
  const timeout = AbortSignal.timeout(limits.timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await fetch(url, { signal: combined, redirect: 'follow', headers: { accept: 'image/png,image/jpeg,image/*;q=0.8' } });
  } catch (err) {
    if (signal?.aborted) throw signal.reason ?? err;
    if (timeout.aborted) throw new Error(`no answer within ${limits.timeoutMs / 1000} s`);
    throw new Error((err as Error).cause instanceof Error ? ((err as Error).cause as Error).message : (err as Error).message);
  }
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (declared > limits.maxBytes) throw new Error(`larger than ${limits.maxBytes} bytes`);
  const chunks: Buffer[] = [];
  let total = 0;
  const reader = res.body?.getReader();
  if (!reader) throw new Error('empty response');
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > limits.maxBytes) throw new Error(`larger than ${limits.maxBytes} bytes`);
      chunks.push(Buffer.from(value));
    }
  } catch (err) {
    if (timeout.aborted) throw new Error(`no complete answer within ${limits.timeoutMs / 1000} s`);
    throw err;
  } finally {
    reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks);
}

function decodeDataUrl(url: string): Buffer {
  const m = /^data:([^;,]*)(;base64)?,(.*)$/s.exec(url);
  if (!m) throw new Error('malformed data: URL');
  return m[2] ? Buffer.from(m[3], 'base64') : Buffer.from(decodeURIComponent(m[3]), 'latin1');
}

/** Loads one image reference; `what` names the option for messages (e.g. "image_url"). */
export async function loadImage(source: { url?: unknown; base64?: unknown }, path: string, limits: ImageLimits, signal?: AbortSignal): Promise<LoadedImage> {
  let data: Buffer;
  let from: string;
  if (typeof source.base64 === 'string' && source.base64.trim()) {
    from = 'base64';
    data = Buffer.from(source.base64.replace(/^data:[^,]*,/, ''), 'base64');
  } else if (typeof source.url === 'string' && source.url.trim()) {
    const url = source.url.trim();
    from = displayUrl(url);
    try {
      if (url.startsWith('data:')) data = decodeDataUrl(url);
      else if (/^https?:\/\//i.test(url)) data = await download(url, limits, signal);
      else throw new Error('only http(s) and data: URLs can be loaded');
    } catch (err) {
      if (signal?.aborted) throw err;
      throw new RenderError(`image could not be loaded from ${from}: ${(err as Error).message}`, path);
    }
  } else {
    throw new RenderError('no image given (image_url, or base64 with base64_extension)', path);
  }
  const info = sniffImage(data);
  if (!info) throw new RenderError(`image from ${from} is not a PNG or JPEG file`, path);
  if (info.width <= 0 || info.height <= 0) throw new RenderError(`image from ${from} has no size`, path);
  return { data, ...info };
}

/** Loaded images by the options object that asked for them (filled before layout). */
const attached = new WeakMap<object, LoadedImage>();

export function attachImage(options: object, image: LoadedImage): void {
  attached.set(options, image);
}

export function attachedImage(options: object): LoadedImage | undefined {
  return attached.get(options);
}

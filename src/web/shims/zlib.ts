/**
 * `node:zlib` for the browser bundle, with fflate (already in the bundle: pdfkit's browser
 * build compresses with it): what the renderer uses — `inflateSync` (WOFF tables,
 * src/render/woff.ts) and an inflating stream that only counts (the PNG bomb check,
 * src/render/images/pngData.ts).
 */
import { Buffer } from 'buffer';
import { Unzlib, unzlibSync } from 'fflate';

export function inflateSync(data: Uint8Array): Buffer {
  return Buffer.from(unzlibSync(data));
}

type Listener = (arg?: unknown) => void;

/** The subset of zlib.Inflate that pngData.ts drives: on('data' | 'error' | 'end'), write, end, destroy. */
export interface Inflate {
  on(event: 'data' | 'error' | 'end', listener: Listener): Inflate;
  write(chunk: Uint8Array): boolean;
  end(): void;
  destroy(): void;
}

export function createInflate(): Inflate {
  const listeners: Record<string, Listener[]> = { data: [], error: [], end: [] };
  let stopped = false;
  const emit = (event: string, arg?: unknown): void => {
    if (stopped) return;
    if (event !== 'data') stopped = true;
    for (const l of listeners[event]) l(arg);
  };
  const unzlib = new Unzlib((chunk) => emit('data', Buffer.from(chunk)));
  const push = (chunk: Uint8Array, final: boolean): void => {
    if (stopped) return;
    try {
      unzlib.push(chunk, final);
    } catch (err) {
      emit('error', err);
    }
  };
  const stream: Inflate = {
    on(event, listener) {
      listeners[event].push(listener);
      return stream;
    },
    write(chunk) {
      push(chunk, false);
      return true;
    },
    end() {
      push(new Uint8Array(0), true);
      emit('end');
    },
    destroy() {
      stopped = true;
    },
  };
  return stream;
}

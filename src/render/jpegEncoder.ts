/**
 * JPEG encoding with libjpeg-turbo compiled to WASM (@cornerstonejs/codec-libjpeg-turbo-8bit,
 * turbojpeg's tjCompress2). For the preview it replaced jpeg-js: the same kind of file
 * (baseline, 4:4:4, the standard quantisation and Huffman tables scaled for the same quality)
 * in about half the time — the encode was most of a multi-page preview's time.
 *
 * The module is compiled on a process's first preview, not when the renderer starts: its WASM
 * memory (50 MB at first, grown by large images and never given back) counts against the render
 * worker's external-memory budget (src/service/renderWorker.ts), and a worker that only builds PDFs
 * never needs it. The .wasm sits beside the bundle (dist/libjpegturbowasm.wasm, copied by
 * scripts/render-assets.mjs) or, from sources, in node_modules.
 */
import factory from '@cornerstonejs/codec-libjpeg-turbo-8bit/wasmjs';
import { rendererFile } from './assets';

/** A JPEG's dimensions are 16-bit fields. */
const JPEG_MAX_DIMENSION = 65535;
/** turbojpeg's TJSAMP_444: no chroma subsampling (what jpeg-js wrote; coloured text stays sharp). */
const SUBSAMPLING_444 = 0;

export interface RgbJpegEncoder {
  /**
   * Encodes a baseline JPEG of a `width`×`height` RGB image that `fill` writes into the encoder's
   * input buffer (3 bytes a pixel, rows top to bottom). `fill` runs synchronously: the buffer is a
   * view of WASM memory and is valid only until the module next allocates.
   */
  encode(width: number, height: number, quality: number, fill: (rgb: Uint8Array) => void): Uint8Array;
}

function jpegWasm(): Uint8Array {
  return rendererFile(
    'libjpegturbowasm.wasm',
    'dist/libjpegturbowasm.wasm',
    'node_modules/@cornerstonejs/codec-libjpeg-turbo-8bit/dist/libjpegturbowasm.wasm',
  );
}

let ready: Promise<RgbJpegEncoder> | undefined;

async function load(): Promise<RgbJpegEncoder> {
  const codec = await factory({ wasmBinary: jpegWasm() });
  // One encoder for the process: its buffers keep their capacity from one preview to the next.
  const encoder = new codec.JPEGEncoder();
  return {
    encode(width, height, quality, fill) {
      if (width < 1 || height < 1 || width > JPEG_MAX_DIMENSION || height > JPEG_MAX_DIMENSION)
        throw new RangeError(`a ${width}×${height} px image cannot be a JPEG (at most ${JPEG_MAX_DIMENSION} px a side)`);
      try {
        fill(encoder.getDecodedBuffer({ width, height, bitsPerSample: 8, componentCount: 3, isSigned: false }));
        encoder.setQuality(quality);
        encoder.setProgressive(0);
        encoder.setSubSampling(SUBSAMPLING_444);
        encoder.encode();
        const out = encoder.getEncodedBuffer(); // a copy out of WASM memory
        return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
      } catch (err) {
        // A failure inside WASM aborts the module: the next preview compiles a fresh one.
        ready = undefined;
        throw err;
      }
    },
  };
}

/** The process's encoder, compiled on first use. */
export function jpegEncoder(): Promise<RgbJpegEncoder> {
  ready ??= load();
  ready.catch(() => (ready = undefined));
  return ready;
}

/** Decodes JPEGs for tests (jpeg-js) and offers small pixel statistics. */
import * as jpeg from 'jpeg-js';

export interface DecodedImage {
  width: number;
  height: number;
  /** RGBA, 4 bytes per pixel. */
  data: Uint8Array;
}

export function decodeJpeg(bytes: Uint8Array): DecodedImage {
  const img = jpeg.decode(Buffer.from(bytes), { useTArray: true, formatAsRGBA: true, maxMemoryUsageInMB: 512 });
  return { width: img.width, height: img.height, data: img.data };
}

/** True when the bytes start with the JPEG SOI marker and end with EOI. */
export function isJpeg(bytes: Uint8Array): boolean {
  return bytes.length > 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[bytes.length - 2] === 0xff && bytes[bytes.length - 1] === 0xd9;
}

/** Mean luminance (0–255) of a rectangle of the image. */
export function meanLuminance(img: DecodedImage, x0 = 0, y0 = 0, w = img.width, h = img.height): number {
  let sum = 0;
  let n = 0;
  for (let y = y0; y < Math.min(img.height, y0 + h); y++) {
    for (let x = x0; x < Math.min(img.width, x0 + w); x++) {
      const i = (y * img.width + x) * 4;
      sum += 0.2126 * img.data[i] + 0.7152 * img.data[i + 1] + 0.0722 * img.data[i + 2];
      n++;
    }
  }
  return n ? sum / n : 0;
}

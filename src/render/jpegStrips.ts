/**
 * One baseline JPEG from separately encoded horizontal strips of one image, so that strips can
 * be encoded at the same time on several threads (the preview, preview.ts).
 *
 * A baseline scan is a run of 8×8 blocks whose only dependency on earlier blocks is the
 * difference coding of each block's DC value. A restart marker (RSTn, with the interval set
 * by a DRI segment) resets those predictions to zero and byte-aligns the data — exactly the
 * state a strip's encoder starts from and ends in. So the strips' entropy-coded data, one after
 * another with RST0, RST1, … between them, under the first strip's headers with the whole
 * height and a restart interval of one strip's MCU count, is a valid JPEG that decodes to the
 * same pixels as the whole image encoded at once (test/unit/render/jpegStrips.test.ts).
 *
 * What that needs, and what is checked: every strip baseline with 8×8 MCUs (4:4:4 or grey), of
 * one width and with the same tables (the same encoder settings); every strip but the last the
 * same height, a multiple of 8 rows; the last no higher; one strip's MCU count at most 65535.
 */
import { concatBytes } from '../core/bytes';
import type { PreviewPart } from './renderer';

const SOF0 = 0xc0;
const DHT = 0xc4;
const SOS = 0xda;
const DQT = 0xdb;
const DRI = 0xdd;
const RST0 = 0xd0;

interface Strip {
  bytes: Uint8Array;
  /** Segments from after SOI up to and including SOS: [marker, start, end). */
  segments: Array<{ marker: number; start: number; end: number }>;
  width: number;
  height: number;
  /** The DQT and DHT segments, which must be the same in every strip. */
  tables: string;
  /** The entropy-coded data: after the SOS segment, before EOI. */
  data: [number, number];
}

function parse(bytes: Uint8Array, index: number): Strip {
  const fail = (why: string): never => {
    throw new Error(`JPEG strip ${index} cannot be joined: ${why}`);
  };
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) fail('no SOI marker');
  if (bytes[bytes.length - 2] !== 0xff || bytes[bytes.length - 1] !== 0xd9) fail('no EOI marker at the end');
  const segments: Strip['segments'] = [];
  let width = 0;
  let height = 0;
  let tables = '';
  let at = 2;
  for (;;) {
    if (at + 4 > bytes.length || bytes[at] !== 0xff) fail(`no marker at byte ${at}`);
    const marker = bytes[at + 1];
    const end = at + 2 + ((bytes[at + 2] << 8) | bytes[at + 3]);
    if (end > bytes.length) fail(`segment 0x${marker.toString(16)} runs past the end`);
    segments.push({ marker, start: at, end });
    if (marker === SOF0) {
      height = (bytes[at + 5] << 8) | bytes[at + 6];
      width = (bytes[at + 7] << 8) | bytes[at + 8];
      for (let c = 0, n = bytes[at + 9]; c < n; c++) if (bytes[at + 11 + c * 3] !== 0x11) fail('chroma is subsampled');
    } else if (marker === DQT || marker === DHT) {
      tables += Buffer.from(bytes.subarray(at, end)).toString('latin1');
    } else if (marker === DRI) {
      fail('it has restart markers of its own');
    } else if (marker >= 0xc1 && marker <= 0xcf && marker !== DHT && marker !== 0xc8 && marker !== 0xcc) {
      fail('it is not a baseline JPEG');
    }
    at = end;
    if (marker === SOS) break;
  }
  if (width === 0) fail('no SOF0 segment');
  return { bytes, segments, width, height, tables, data: [at, bytes.length - 2] };
}

/** Joins strips (top to bottom) into one JPEG; a single strip comes back as it is. */
export function joinJpegStrips(strips: readonly Uint8Array[]): Uint8Array {
  if (strips.length === 0) throw new Error('no JPEG strips to join');
  if (strips.length === 1) return strips[0];
  const parsed = strips.map(parse);
  const [first] = parsed;
  const last = parsed[parsed.length - 1];
  const height = parsed.reduce((h, s) => h + s.height, 0);
  const interval = (first.height / 8) * Math.ceil(first.width / 8);
  if (first.height % 8 !== 0) throw new Error(`JPEG strips cannot be joined: the first is ${first.height} rows high, not a multiple of 8`);
  if (interval > 0xffff) throw new Error(`JPEG strips cannot be joined: ${interval} MCUs a strip is more than a restart interval holds`);
  if (height > 0xffff) throw new Error(`JPEG strips cannot be joined: ${height} rows in all is more than a JPEG holds`);
  parsed.forEach((s, k) => {
    const why =
      s.width !== first.width
        ? `it is ${s.width} px wide, the first ${first.width}`
        : s.tables !== first.tables
          ? 'its tables differ from the first strip'
          : s !== last && s.height !== first.height
            ? `it is ${s.height} rows high, the first ${first.height}`
            : s.height > first.height
              ? `the last strip is higher (${s.height} rows) than the others (${first.height})`
              : undefined;
    if (why) throw new Error(`JPEG strip ${k} cannot be joined: ${why}`);
  });

  const parts: Uint8Array[] = [Uint8Array.of(0xff, 0xd8)];
  for (const seg of first.segments) {
    const bytes = first.bytes.slice(seg.start, seg.end);
    if (seg.marker === SOF0) {
      bytes[5] = height >> 8;
      bytes[6] = height & 0xff;
    }
    if (seg.marker === SOS) parts.push(Uint8Array.of(0xff, DRI, 0, 4, interval >> 8, interval & 0xff));
    parts.push(bytes);
  }
  parsed.forEach((s, k) => {
    if (k > 0) parts.push(Uint8Array.of(0xff, RST0 + ((k - 1) % 8)));
    parts.push(s.bytes.subarray(s.data[0], s.data[1]));
  });
  parts.push(Uint8Array.of(0xff, 0xd9));

  return concatBytes(parts);
}

/** The preview JPEG from all the parts of one preview (any order). */
export function joinPreviewParts(parts: readonly PreviewPart[]): Uint8Array {
  const strips = parts.flatMap((p) => p.strips).sort((x, y) => x.index - y.index);
  const count = parts[0]?.count ?? 0;
  if (strips.length !== count || strips.some((s, i) => s.index !== i) || parts.some((p) => p.count !== count))
    throw new Error(`the preview's parts do not add up to its ${count} strips`);
  return joinJpegStrips(strips.map((s) => s.jpeg));
}

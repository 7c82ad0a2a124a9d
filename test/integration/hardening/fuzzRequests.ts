/**
 * Generators of fuzz requests for the local service, by category. Each yields complete
 * requests (method, path, headers, body); the test sends them and checks every reply.
 * Deterministic for a seed: the order and content depend only on the Rng.
 */
import {
  allObjects,
  allPaths,
  NASTY_STRINGS,
  objectAt,
  randomJson,
  randomString,
  setOwn,
  valuesOfEveryType,
  withValueAt,
  type Rng,
} from '../../helpers/fuzz/fuzzKit';

export interface FuzzRequest {
  category: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer | (() => AsyncIterable<Buffer>);
  /** When set, the status must be one of these (e.g. 413 just over the size limit). */
  expect?: number[];
  /** A submit with a valid key: the reply carries the X-*-REMAINING headers. */
  quotaHeaders?: boolean;
}

interface Example {
  name: string;
  text: string;
  body: Record<string, unknown>;
}

export interface FuzzSetup {
  key: string;
  bodyLimit: number;
  examples: Example[];
  /** Task ids the service handed out so far (to fuzz around real ids). */
  knownTaskIds: string[];
}

const SUBMIT_PATHS = ['/api/v1/preview-report', '/api/v1/preview-report', '/api/v1/preview-report', '/api/v1/build-report'];

function submit(
  rng: Rng,
  s: FuzzSetup,
  category: string,
  body: FuzzRequest['body'],
  contentType: string | null = 'application/json',
): FuzzRequest {
  const headers: Record<string, string> = { 'x-api-key': s.key };
  if (contentType !== null) headers['content-type'] = contentType;
  return { category, method: 'POST', path: rng.pick(SUBMIT_PATHS), headers, body, quotaHeaders: true };
}

/**
 * A wrong JSON type at every position of every example: with `everyType`, every type at each
 * position of the three smaller examples (the larger ones one type per path); else one type,
 * drawn from the seed, per path.
 */
export function* wrongTypes(rng: Rng, s: FuzzSetup, everyType: boolean): Generator<FuzzRequest> {
  for (const ex of s.examples) {
    const full = everyType && ex.text.length < 10_000;
    for (const path of allPaths(ex.body)) {
      const values = valuesOfEveryType(rng);
      const chosen = full ? values : [rng.pick(values)];
      for (const v of chosen) yield submit(rng, s, 'wrong-type', JSON.stringify(withValueAt(ex.body, path, v)));
    }
  }
}

/** Truncations, random bytes, bad escapes, lone surrogates, BOMs, control characters, edits. */
export function malformed(rng: Rng, s: FuzzSetup): FuzzRequest {
  const ex = rng.pick(s.examples).text;
  const variants: Array<() => string | Buffer> = [
    () => ex.slice(0, rng.int(0, ex.length - 1)),
    () => Buffer.from(Array.from({ length: rng.int(1, 300) }, () => rng.int(0, 255))),
    () => {
      const i = rng.int(1, ex.length - 2);
      return (
        ex.slice(0, i) +
        rng.pick(['\\q', '\\u12', '\\uZZZZ', '\\', '"', '\u0000', '\u0007', '}', ']', ',', ':', '{', '[', 'NaN', '-Infinity', '\n']) +
        ex.slice(i)
      );
    },
    () => ex.replace(/"Report"/, rng.pick(['"\\ud800"', '"\\udfff\\ud800"', '"\\uD83D"', '"\\u0000"', '"Rep\\u0000ort"'])),
    () => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(ex)]),
    () =>
      Buffer.concat([
        Buffer.from(ex.slice(0, 40)),
        Buffer.from(rng.pick([[0xed, 0xa0, 0x80], [0xc0, 0xaf], [0xff], [0xf8, 0x88, 0x80, 0x80, 0x80], [0xe2, 0x82]])),
        Buffer.from(ex.slice(40)),
      ]),
    () => {
      const i = rng.int(0, ex.length - 1);
      return ex.slice(0, i) + ex.slice(i + rng.int(1, 20));
    },
    () =>
      rng.pick([
        '{',
        '[',
        '"',
        '{"type":',
        '{"type":"Report",}',
        '[1,]',
        '{,}',
        "{'type':'Report'}",
        '{"a" "b"}',
        'tru',
        'nul',
        '01',
        '1.',
        '.5',
        '+1',
        '--1',
        '1e',
        '0x10',
        '{"a":1}{"b":2}',
        '""""',
        'undefined',
      ]),
    () => ex + rng.pick(['x', ' ,', '}', '\u0000', ' {}']),
    () => ex.replace(/":/g, () => (rng.chance(0.02) ? '"=' : '":')),
  ];
  return submit(rng, s, 'malformed', rng.pick(variants)());
}

/** 10,000-deep nesting in every shape (and inside a real report). */
export function deep(rng: Rng, s: FuzzSetup): FuzzRequest {
  // 63 nested Sections sit just under the deepest --max-depth allowed (128); the rest are far over it.
  const n = rng.pick([63, 65, 1000, 10_000, 10_000]);
  const shapes: Array<() => string> = [
    () => '['.repeat(n) + ']'.repeat(n),
    () => '{"a":'.repeat(n) + '1' + '}'.repeat(n),
    () => '['.repeat(n),
    () => `{"type":"Report","components":${'['.repeat(n)}${']'.repeat(n)}}`,
    () =>
      `{"type":"Report","options":{"report_title":"d"},"components":[${'{"type":"Section","options":{"section_title":"s"},"components":['.repeat(n)}${']}'.repeat(n)}]}`,
    () => `{"type":"Report","components":[],"config":${'{"__proto__":'.repeat(n)}null${'}'.repeat(n)}}`,
    () => `"${'['.repeat(n)}"`, // brackets inside a string are not nesting
  ];
  return submit(rng, s, 'deep', rng.pick(shapes)());
}

/** Arrays and strings up to the size limit; exactly at it; just over it (413), declared or streamed. */
export function* huge(rng: Rng, s: FuzzSetup): Generator<FuzzRequest> {
  const limit = s.bodyLimit;
  const prefix = '{"type":"Report","options":{"report_title":"';
  const suffix = '"},"components":[]}';
  const atLimit = prefix + 'x'.repeat(limit - prefix.length - suffix.length) + suffix;
  yield submit(rng, s, 'huge', atLimit);
  yield { ...submit(rng, s, 'huge', atLimit + ' '), expect: [413] };
  const arr = (count: number): string =>
    `{"type":"Report","components":[${Array.from({ length: count }, () => '{"type":"PageBreak"}').join(',')}]}`;
  const count = Math.floor((limit - 40) / 21);
  yield submit(rng, s, 'huge', arr(count));
  // As many invalid components as fit: one 422 entry each.
  yield submit(
    rng,
    s,
    'huge',
    `{"type":"Report","components":[${Array.from({ length: Math.floor((limit - 40) / 16) }, () => '{"type":"Card"}').join(',')}]}`,
  );
  yield { ...submit(rng, s, 'huge', `[${'1,'.repeat(Math.floor(limit / 2) - 2)}1]`) };
  yield { ...submit(rng, s, 'huge', '[' + '"\u00e9",'.repeat(Math.floor(limit / 4)) + '0]'), expect: [413] };
  // Streamed without Content-Length: the limit holds while reading.
  const streamed = (total: number) =>
    async function* (): AsyncIterable<Buffer> {
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      for (let sent = 0; sent < total; sent += chunk.length) yield chunk.subarray(0, Math.min(chunk.length, total - sent));
    };
  yield { ...submit(rng, s, 'huge', streamed(limit * 3)), expect: [413] };
  yield { ...submit(rng, s, 'huge', streamed(limit)), expect: [422] }; // only spaces: json_invalid
  const big = JSON.parse(s.examples[0].text) as Record<string, unknown>;
  setOwn(
    big,
    'components',
    Array.from({ length: 2000 }, (_, i) => ({ type: 'Text', options: { text: randomString(rng, 200) + i } })),
  );
  yield submit(rng, s, 'huge', JSON.stringify(big));
}

/** Unicode and NUL in keys and values, at random places of an example. */
export function unicode(rng: Rng, s: FuzzSetup): FuzzRequest {
  const ex = rng.pick(s.examples).body;
  let doc: unknown = structuredClone(ex);
  for (let i = rng.int(1, 4); i > 0; i--) {
    if (rng.chance(0.5)) {
      const target = rng.pick(allObjects(doc));
      setOwn(objectAt(doc, target), randomString(rng, 16), rng.chance(0.5) ? randomString(rng) : randomJson(rng, 2));
    } else {
      const paths = allPaths(doc);
      if (paths.length) doc = withValueAt(doc, rng.pick(paths), randomString(rng, 60));
    }
  }
  return submit(rng, s, 'unicode', JSON.stringify(doc));
}

const PROTO_VALUES: unknown[] = [
  { polluted: 'yes' },
  { toString: 'x', valueOf: 1 },
  null,
  'polluted',
  [],
  { constructor: { prototype: { polluted: 'yes' } } },
];

/** __proto__ / constructor / prototype keys at every level, as keys, values and component types. */
export function protoKeys(rng: Rng, s: FuzzSetup): FuzzRequest {
  const ex = rng.pick(s.examples).body;
  const doc = structuredClone(ex) as Record<string, unknown>;
  const objects = allObjects(doc);
  for (const path of rng.chance(0.3) ? objects : [rng.pick(objects), rng.pick(objects)]) {
    setOwn(
      objectAt(doc, path),
      rng.pick(['__proto__', 'constructor', 'prototype', '__defineGetter__', 'hasOwnProperty']),
      structuredClone(rng.pick(PROTO_VALUES)),
    );
  }
  if (rng.chance(0.3)) {
    const comps = doc.components as Array<Record<string, unknown>>;
    if (comps.length) comps[0].type = rng.pick(['__proto__', 'constructor', 'prototype', 'toString']);
  }
  return submit(rng, s, 'proto', JSON.stringify(doc));
}

const CONTENT_TYPES = [
  null,
  '',
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/json; charset=latin1',
  'application/json;;;',
  'APPLICATION/JSON',
  'application/vnd.api+json',
  'application/json, text/plain',
  'application/xml',
  'image/png',
  '*/*',
  ';',
  'application/' + 'x'.repeat(4000),
];

/** Wrong, missing and odd content types on valid and invalid bodies. */
export function contentTypes(rng: Rng, s: FuzzSetup): FuzzRequest {
  const body = rng.pick([
    rng.pick(s.examples).text,
    'a=1&b=2',
    '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--xyz--',
    '<report/>',
    '{}',
    '',
  ]);
  return submit(rng, s, 'content-type', body, rng.pick(CONTENT_TYPES));
}

/** Empty and scalar bodies, huge and odd numbers, duplicate keys. */
export function oddValues(rng: Rng, s: FuzzSetup): FuzzRequest {
  const ex = rng.pick(s.examples).text;
  const variants: Array<() => string> = [
    () => rng.pick(['', ' ', '\n\t', 'null', '[]', '0', '"str"', 'true', '{}', 'NaN', 'Infinity', '-Infinity', '1e400']),
    () =>
      ex.replace(
        /: (\d+)/,
        `: ${rng.pick(['1e400', '-1e400', '123456789012345678901234567890', '1e-400', '-0', '0.1e1', 'NaN', 'Infinity', '-Infinity', '1E+2', '-0.0'])}`,
      ),
    () => ex.replace(/: ([\d.]+)/g, () => `: ${rng.pick(['1e400', 'NaN', '-1e400', '9'.repeat(400), '1', '2.5'])}`),
    () =>
      ex.replace(
        /"type": "Report"/,
        rng.pick(['"type": "Report", "type": "Other"', '"type": "Other", "type": "Report"', '"type": "Report", "components": 7']),
      ),
    () => ex.replace(/\{/, `{"options": ${JSON.stringify(randomJson(rng, 3))}, `),
    () => ex.replace(/"components": \[/, '"components": [' + '{"type":"Text","options":{"text":"dup","text":5}},'),
  ];
  return submit(rng, s, 'odd-values', rng.pick(variants)());
}

/** Percent-encodes the UTF-8 bytes (lone surrogates become U+FFFD instead of throwing). */
function pct(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).padStart(2, '0').toUpperCase()}`,
    )
    .join('');
}

const BAD_IDS = [
  '../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '/etc/passwd',
  '%00',
  'a%00b',
  '..',
  '.',
  '%2e%2e',
  'C:%5Cwindows',
  '%E2%80%AE',
  '%F0%9F%98%80',
  '%ZZ',
  '%',
  '*',
  '"',
  "'",
  '<x>',
];

/** Queries, methods and auth around the read endpoints (incl. real task ids). */
export function reads(rng: Rng, s: FuzzSetup): FuzzRequest {
  const real = s.knownTaskIds.length ? rng.pick(s.knownTaskIds) : '00000000-0000-4000-8000-000000000000';
  const id = rng.pick([
    real,
    real,
    real + rng.pick(BAD_IDS),
    rng.pick(BAD_IDS),
    pct(randomString(rng)),
    'x'.repeat(rng.pick([100, 5000])),
    real.toUpperCase(),
  ]);
  const path = rng.pick(['/api/v1/get-task-status', '/api/v1/get-report', '/api/v1/get-remaining-quota']);
  const query = rng.pick([
    `?task_id=${id}`,
    `?task_id=${id}&task_id=${real}`,
    '?task_id=',
    '',
    `?task_id=${id}&api_key=wrong-key-123`,
    `?TASK_ID=${id}`,
  ]);
  const method = rng.pick(['GET', 'GET', 'GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']);
  const headers: Record<string, string> = rng.chance(0.9)
    ? { 'x-api-key': rng.chance(0.95) ? s.key : rng.pick(['wrong-key-123', 'x', NASTY_STRINGS[9]]) }
    : {};
  if (headers['x-api-key'] === NASTY_STRINGS[9]) headers['x-api-key'] = pct(NASTY_STRINGS[9]);
  return { category: 'reads', method, path: path + query, headers };
}

/** Bucket paths and unknown paths: 404, never a file outside the bucket. */
export function paths(rng: Rng): FuzzRequest {
  const p = rng.pick([
    '/bucket/..%2F..%2Fledger.json',
    '/bucket/s3/..%2F..%2Ftasks',
    '/bucket/%2e%2e/%2e%2e/ledger.json',
    '/bucket/s3/%00',
    '/bucket/' + 'a/'.repeat(50),
    '/bucket/s3/' + pct(randomString(rng)),
    '/api/v1/' + pct(randomString(rng, 10)),
    '/api/v2/build-report',
    '/openapi.json',
    '/',
    '/api/v1/get-remaining-quota/',
  ]);
  return { category: 'paths', method: rng.pick(['GET', 'HEAD']), path: p, headers: {} };
}

/** Missing, wrong and odd keys on a submit: 401, never a crash. */
export function auth(rng: Rng, s: FuzzSetup): FuzzRequest {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const which = rng.int(0, 3);
  if (which === 1) headers['x-api-key'] = 'wrong-key-123';
  if (which === 2) headers['x-api-key'] = 'x'.repeat(rng.pick([1, 8, 10_000]));
  const path = rng.pick(SUBMIT_PATHS) + (which === 3 ? `?api_key=${pct(rng.pick(['', 'wrong-key-123', s.key + 'x']))}` : '');
  return { category: 'auth', method: 'POST', path, headers, body: rng.pick(s.examples).text, expect: [401] };
}

/**
 * The small guards added while hardening, each pinned: loopback-only binding and its
 * flags, the --max-depth ceiling, over-long words, table column caps, cloud-storage
 * folder names, key redaction in every URL spelling and inside echoed 422 entries,
 * non-JSON numbers in replies, and own-key lookups of user-given names.
 */
import assert from 'node:assert/strict';
import { checkBindHost, isLoopbackAddress, localOrigin, remoteBindWarning, BindRefusedError } from '../../../src/service/bindHost';
import { FlagError, parseFlags } from '../../../src/service/flags';
import { DEFAULTS, resolveOptions } from '../../../src/service/options';
import { capLongWords, MAX_WORD_LENGTH } from '../../../src/render/pdfkitSetup';
import { columnCount, MAX_COLUMNS } from '../../../src/render/components/tableLayout';
import { destinationSegments } from '../../../src/service/delivery/bucket';
import { fontSize } from '../../../src/render/fontScale';
import { parseColourLiteral } from '../../../src/render/theme';
import { typographySpec } from '../../../src/render/typography';
import { redact, redactJson, registerSecret, unregisterSecret } from '../../../src/core/redact';
import { errorFromStatus } from '../../../src/core/client/errors';
import { RenderError } from '../../../src/render/renderer';

describe('hardening: guards', () => {
  it('binding: loopback addresses pass, anything else needs allowRemote (and is warned about)', () => {
    for (const h of ['127.0.0.1', '127.9.9.9', 'localhost', 'LOCALHOST', '::1', '[::1]', '::ffff:127.0.0.1']) {
      assert.ok(isLoopbackAddress(h), h);
      assert.doesNotThrow(() => checkBindHost(h, false));
      assert.equal(remoteBindWarning(h, 1), undefined);
    }
    for (const h of ['0.0.0.0', '::', '10.0.0.1', '192.168.1.5', 'example.com', '127.0.0.1.example.com', '', ' ']) {
      assert.throws(() => checkBindHost(h, false), BindRefusedError, h);
    }
    assert.doesNotThrow(() => checkBindHost('0.0.0.0', true));
    assert.match(remoteBindWarning('0.0.0.0', 8787) ?? '', /^WARNING: .*0\.0\.0\.0:8787/);
    assert.equal(localOrigin('0.0.0.0', 5), 'http://127.0.0.1:5');
    assert.equal(localOrigin('::', 5), 'http://127.0.0.1:5');
    assert.equal(localOrigin('192.168.1.5', 5), 'http://192.168.1.5:5');
    assert.equal(localOrigin('fd00::1', 5), 'http://[fd00::1]:5');
  });

  it('flags: --host beyond loopback is a flag error unless --allow-remote; --max-depth has a ceiling', () => {
    assert.throws(
      () => parseFlags(['--host', '0.0.0.0']),
      (e: unknown) => e instanceof FlagError && /--host: refusing to listen on 0\.0\.0\.0.*--allow-remote/.test(e.message),
    );
    assert.deepEqual((({ host, allowRemote }) => ({ host, allowRemote }))(parseFlags(['--host', '0.0.0.0', '--allow-remote']).options), {
      host: '0.0.0.0',
      allowRemote: true,
    });
    assert.equal(parseFlags(['--host', 'localhost']).options.host, 'localhost');
    assert.equal(parseFlags(['--max-depth', String(DEFAULTS.maxDepthLimit)]).options.maxDepth, DEFAULTS.maxDepthLimit);
    assert.throws(() => parseFlags(['--max-depth', String(DEFAULTS.maxDepthLimit + 1)]), /--max-depth: at most 128/);
    assert.throws(() => resolveOptions({ dataDir: '/x', maxDepth: 10_000 }), RangeError);
    assert.equal(resolveOptions({ dataDir: '/x' }).host, '127.0.0.1');
  });

  it('over-long words are cut with an ellipsis at a code-point boundary; normal text is untouched', () => {
    const text = `short words ${'W'.repeat(2000)} end`;
    const capped = capLongWords(text);
    assert.ok(capped.startsWith('short words W'));
    assert.ok(capped.endsWith('W… end'));
    assert.equal(capped.length, 'short words '.length + MAX_WORD_LENGTH + ' end'.length);
    const emoji = '😀'.repeat(600);
    assert.ok(!/[\ud800-\udbff]…/.test(capLongWords(emoji)), 'no lone high surrogate before the ellipsis');
    const normal = 'A sentence with a https://example.com/a/long/but/normal/url?x=1 in it. '.repeat(20);
    assert.equal(capLongWords(normal), normal);
  });

  it('tables: col_span is capped and more than 100 columns is a RenderError naming the row', () => {
    assert.equal(columnCount({ rows: [[{ content: 'all', col_span: 1e9 }]] }, 'p'), MAX_COLUMNS);
    assert.throws(
      () =>
        columnCount(
          {
            rows: [
              ['a'],
              [
                { content: 'x', col_span: 1e6 },
                { content: 'y', col_span: 1e6 },
              ],
            ],
          },
          'components[0] (Table)',
        ),
      (e: unknown) => {
        return e instanceof RenderError && /components\[0\] \(Table\): rows\[1\] spans 200 columns/.test(e.message);
      },
    );
  });

  it('cloud-storage folder names: no traversal, no separators, at most 100 characters each', () => {
    assert.deepEqual(destinationSegments('s3://bucket/../../x'), ['bucket', '_', '_', 'x']);
    assert.deepEqual(destinationSegments('a\\..\\b\u0000c'), ['a', '_', 'b_c']);
    for (const s of destinationSegments(`${'y'.repeat(400)}/${'z'.repeat(10)}`)) assert.ok(s.length <= 100);
  });

  it('redaction: a key in any URL spelling, and inside echoed 422 entries, becomes ***', () => {
    const key = 'rs_Sec+ret/Key=abc~!';
    registerSecret(key);
    try {
      for (const form of [
        key,
        encodeURIComponent(key),
        new URLSearchParams({ k: key }).toString().slice(2),
        encodeURIComponent(key).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()),
      ]) {
        assert.equal(redact(`before ${form} after`), 'before *** after', form);
      }
      const err = errorFromStatus(
        422,
        { detail: [{ type: 'string_type', loc: ['body', key], msg: `bad ${key}`, input: { [key]: key } }] },
        'POST /build-report',
      );
      assert.ok(!JSON.stringify(err).includes(key));
      assert.deepEqual(err.details[0].loc, ['body', '***']);
      const proto = JSON.parse(`{"__proto__": {"x": "${key}"}}`);
      const clean = redactJson(proto) as Record<string, unknown>;
      assert.ok(Object.hasOwn(clean, '__proto__'), 'a __proto__ key stays a key');
      assert.equal(({} as Record<string, unknown>).x, undefined);
      const untouched = { a: [1, 'x'] };
      assert.equal(redactJson(untouched), untouched, 'nothing to remove: the same object');
    } finally {
      unregisterSecret(key);
    }
  });

  it('names from the report never resolve to Object.prototype members', () => {
    for (const word of ['toString', 'constructor', '__proto__', 'hasOwnProperty']) {
      assert.equal(fontSize(word, 9), 9, word);
      assert.equal(parseColourLiteral(word), undefined, word);
      assert.equal(typeof typographySpec(word), 'object', word);
      assert.equal(typographySpec(word), typographySpec('default'), word);
    }
  });
});

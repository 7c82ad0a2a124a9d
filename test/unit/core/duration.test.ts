// One rule for every time span people read (status bar, progress, CLI): a fast local build is
// "38 ms", never "0.0 s"; from a second on, seconds with one decimal in the language's digits.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatDuration } from '../../../src/core/duration';
import type { Translator } from '../../../src/core/l10n';

/** The extension's words in `language` (l10n/bundle.l10n.<language>.json), as vscode.l10n gives them. */
function bundle(language: string): Translator {
  const words = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'l10n', `bundle.l10n.${language}.json`), 'utf8')) as Record<
    string,
    string
  >;
  return { t: (message, ...args) => (words[message] ?? message).replace(/\{(\d+)\}/g, (_, i: string) => String(args[Number(i)])) };
}

describe('core: formatDuration', () => {
  it('under a second: whole milliseconds, rounded (a 38 ms build is not "0.0 s")', () => {
    assert.deepEqual(
      [0, 4.4, 38, 49.6, 999.4].map((ms) => formatDuration(ms)),
      ['0 ms', '4 ms', '38 ms', '50 ms', '999 ms'],
    );
  });

  it('from a second on: seconds with one decimal, no digit grouping', () => {
    assert.deepEqual(
      [999.5, 1000, 1234, 12_345, 1_234_567].map((ms) => formatDuration(ms)),
      ['1.0 s', '1.0 s', '1.2 s', '12.3 s', '1234.6 s'],
    );
  });

  it('in the display language: its decimal sign and its unit words', () => {
    assert.equal(formatDuration(1234, bundle('de'), 'de'), '1,2 s');
    assert.equal(formatDuration(38, bundle('de'), 'de'), '38 ms');
    assert.equal(formatDuration(1234, bundle('zh-cn'), 'zh-cn'), '1.2 秒');
    assert.equal(formatDuration(38, bundle('zh-cn'), 'zh-cn'), '38 毫秒');
    // A tag ICU does not know is written the English way rather than failing in the status bar.
    assert.equal(formatDuration(1234, undefined, 'not-a-language-x'), '1.2 s');
  });
});

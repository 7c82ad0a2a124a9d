// The poll schedule and the time limits are declared once (core/runner/polling.ts,
// core/runner/taskRunner.ts, core/client/requestTimeout.ts); the CLI's usage text and the
// settings' descriptions take them from there. Where a doc writes one out, it is checked here:
// each place below must be found, and say the constant's value.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_REQUEST_TIMEOUT_MS } from '../../../src/core/client/requestTimeout';
import { ADAPTIVE_POLLING, FIXED_750_POLLING, pollTime } from '../../../src/core/runner/polling';
import { DEFAULT_TASK_TIMEOUT_MS } from '../../../src/core/runner/taskRunner';

const ROOT = join(__dirname, '..', '..', '..');

interface Written {
  file: string;
  /** The number is its first group; every match in the file is checked. */
  pattern: RegExp;
  /** The value written there, from its constant. */
  value: string;
  what: string;
}

const firstChecks = Array.from({ length: 6 }, (_, n) => pollTime(ADAPTIVE_POLLING, n)).join(', ');

const WRITTEN: Written[] = [
  {
    file: 'docs/cli.md',
    pattern: /`--poll-initial-ms <ms>`.*\(default (\d+)\)/g,
    value: `${ADAPTIVE_POLLING.initialDelayMs}`,
    what: 'first status check',
  },
  {
    file: 'docs/cli.md',
    pattern: /`--poll-max-ms <ms>`.*\(default (\d+)\)/g,
    value: `${ADAPTIVE_POLLING.maxDelayMs}`,
    what: 'longest poll interval',
  },
  {
    file: 'docs/cli.md',
    pattern: /`--poll-max-ms <ms>`.*grows ×([\d.]+) per check/g,
    value: `${ADAPTIVE_POLLING.factor}`,
    what: 'poll interval growth',
  },
  {
    file: 'docs/cli.md',
    pattern: /`--timeout <seconds>`.*\(default (\d+)\)/g,
    value: `${DEFAULT_TASK_TIMEOUT_MS / 1000}`,
    what: 'task time limit',
  },
  {
    file: 'docs/cli.md',
    pattern: /Each HTTP request also has a (\d+) s limit/g,
    value: `${DEFAULT_REQUEST_TIMEOUT_MS / 1000}`,
    what: 'request time limit',
  },
  {
    file: 'docs/local-service.md',
    pattern: /the public ones every (\d+) ms/g,
    value: `${FIXED_750_POLLING.maxDelayMs}`,
    what: "public clients' poll interval",
  },
  { file: 'README.md', pattern: /fixed (\d+) ms/g, value: `${FIXED_750_POLLING.maxDelayMs}`, what: "the bench's fixed poll baseline" },
  { file: 'src/core/runner/polling.ts', pattern: /Checks at ([\d, ]+)…/g, value: firstChecks, what: 'the first status checks' },
  {
    file: 'src/core/runner/polling.ts',
    pattern: /status checks in the first (\d+) ms/g,
    value: `${ADAPTIVE_POLLING.maxDelayMs}`,
    what: 'the cap',
  },
];

/** Each place of `written` not found or saying another value, as `file: what …`. */
function wrongNumbers(written: Written[], read: (file: string) => string): string[] {
  const out: string[] = [];
  for (const w of written) {
    const found = [...read(w.file).matchAll(w.pattern)].map((m) => m[1]);
    if (found.length === 0) out.push(`${w.file}: ${w.what} not found (${w.pattern.source})`);
    for (const n of found) if (n !== w.value) out.push(`${w.file}: ${w.what} is written ${n}, its constant is ${w.value}`);
  }
  return out;
}

describe('numbers written in the docs', () => {
  const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

  it('say the poll schedule and time limits of their constants', () => {
    assert.deepEqual(wrongNumbers(WRITTEN, read), []);
  });

  it("keep the settings' word that the longest poll interval's default is the public clients' interval", () => {
    assert.equal(ADAPTIVE_POLLING.maxDelayMs, FIXED_750_POLLING.maxDelayMs, 'package.nls*.json config.polling.maxIntervalMs says so');
  });

  it('name the place and both numbers when one differs, and a place that is gone', () => {
    const docs: Record<string, string> = { 'docs/cli.md': '| `--poll-max-ms <ms>` | Longest interval (default 700). |' };
    assert.deepEqual(
      wrongNumbers(WRITTEN.slice(1, 3), (f) => docs[f]),
      [
        'docs/cli.md: longest poll interval is written 700, its constant is 750',
        'docs/cli.md: poll interval growth not found (`--poll-max-ms <ms>`.*grows ×([\\d.]+) per check)',
      ],
    );
  });
});

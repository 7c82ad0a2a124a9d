/** `--shard i/n` (src/cli/batch/shard.ts): the split every machine of a CI matrix agrees on. */
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { inShard, MAX_SHARDS, parseShard, parseShardCount, shardKey } from '../../../../src/cli/batch/shard';
import { CliError } from '../../../../src/cli/exitCodes';
import { rng as seeded } from '../../render/charts/random';

function paths(random: () => number, count: number): string[] {
  const names = new Set<string>();
  while (names.size < count) {
    const depth = 1 + Math.floor(random() * 3);
    const parts = Array.from({ length: depth }, () =>
      String.fromCharCode(97 + Math.floor(random() * 26)).repeat(1 + Math.floor(random() * 3)),
    );
    names.add(`${parts.join('/')}-${Math.floor(random() * 1000)}.report.json`);
  }
  return [...names];
}

describe('CLI --shard: the split', () => {
  it('every report is in exactly one shard, for n = 1..7 over seeded random path lists', () => {
    const random = seeded(28);
    for (const count of [0, 1, 5, 13, 64, 200]) {
      const list = paths(random, count);
      for (let total = 1; total <= 7; total++) {
        const shards = Array.from({ length: total }, (_, i) => inShard(list, (p) => p, { index: i + 1, total }));
        const all = shards.flat();
        assert.equal(all.length, list.length, `${count} reports in ${total} shards`);
        assert.deepEqual(new Set(all), new Set(list));
        // Equal parts (±1), contiguous in the sorted order.
        const sizes = shards.map((s) => s.length);
        assert.ok(Math.max(...sizes) - Math.min(...sizes) <= 1, `sizes ${sizes.join(',')}`);
        const sorted = [...list].sort();
        assert.deepEqual(shards.map((s) => [...s].sort()).flat(), sorted);
      }
    }
  });

  it('is stable: the same shard twice picks the same reports, whatever order the list came in', () => {
    const list = paths(seeded(7), 50);
    const shuffled = [...list].reverse();
    for (let index = 1; index <= 4; index++) {
      const a = inShard(list, (p) => p, { index, total: 4 });
      assert.deepEqual(
        inShard(list, (p) => p, { index, total: 4 }),
        a,
      );
      assert.deepEqual(new Set(inShard(shuffled, (p) => p, { index, total: 4 })), new Set(a));
    }
  });

  it('ranks by the path relative to the working folder, with / separators, by code unit (not by locale)', () => {
    const cwd = join('/', 'checkouts', 'x');
    assert.equal(shardKey(join(cwd, 'reports', 'a', 'q.report.json'), cwd), 'reports/a/q.report.json');
    // "B" < "a" by code unit; localeCompare would put "a" first.
    assert.deepEqual(
      inShard(['a.report.json', 'B.report.json'], (p) => p, { index: 1, total: 2 }),
      ['B.report.json'],
    );
  });

  it('without a shard: every item, in the given order', () => {
    assert.deepEqual(
      inShard(['b', 'a'], (p) => p, undefined),
      ['b', 'a'],
    );
  });

  it('an empty shard when there are fewer reports than shards', () => {
    assert.deepEqual(
      inShard(['a'], (p) => p, { index: 1, total: 2 }),
      [],
    );
    assert.deepEqual(
      inShard(['a'], (p) => p, { index: 2, total: 2 }),
      ['a'],
    );
  });

  it('parses i/n, 1-based; a wrong value is a usage error (exit 2) saying which part is wrong', () => {
    assert.deepEqual(parseShard('2/4'), { index: 2, total: 4 });
    assert.deepEqual(parseShard(`${MAX_SHARDS}/${MAX_SHARDS}`), { index: MAX_SHARDS, total: MAX_SHARDS });
    const cases: Array<[string, RegExp]> = [
      ['0/3', /^--shard 0\/3: i counts from 1 to 3, got 0$/],
      ['4/3', /^--shard 4\/3: i counts from 1 to 3, got 4$/],
      ['1/0', /^--shard 1\/0: n, the number of shards, is 1 to 256, got 0$/],
      ['1/257', /^--shard 1\/257: n, the number of shards, is 1 to 256, got 257$/],
      ['a/b', /^--shard takes i\/n, the shard i of n to run \(e\.g\. 2\/4\), got "a\/b"$/],
      ['2', /^--shard takes i\/n/],
      ['-1/3', /^--shard takes i\/n/],
    ];
    for (const [text, message] of cases) {
      assert.throws(
        () => parseShard(text),
        (e: unknown) => e instanceof CliError && e.exitCode === 2 && message.test(e.message),
        text,
      );
    }
    assert.equal(parseShardCount('--shards', '4'), 4);
    assert.throws(() => parseShardCount('--shards', '0'), /^Error|--shards takes a whole number of shards from 1 to 256, got "0"/);
  });
});

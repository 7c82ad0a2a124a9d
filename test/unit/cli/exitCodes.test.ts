/** The exit codes are declared once (src/cli/exitCodes.ts): the help text and docs/cli.md list exactly those. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXIT } from '../../../src/cli/exitCodes';
import { commandHelp, MAIN_HELP } from '../../../src/cli/help';

const codes = Object.values(EXIT).sort((a, b) => a - b);

describe('cli: exit codes', function () {
  it('the help lists every exit code of EXIT, each once, in the main help and each command help', () => {
    for (const text of [MAIN_HELP, commandHelp('build')]) {
      const block = /Exit codes: ([\s\S]*?)\nA batch/.exec(text)?.[1] ?? '';
      const listed = [...block.matchAll(/(?:^|, |\n)(\d+) /g)].map((m) => Number(m[1]));
      assert.deepEqual(listed, codes);
    }
  });

  it("docs/cli.md's Exit codes table has a row for every code and no other", () => {
    const doc = readFileSync(join(__dirname, '../../../docs/cli.md'), 'utf8');
    const section = doc.slice(doc.indexOf('## Exit codes')).split(/\n## /)[0];
    const rows = [...section.matchAll(/^\| (\d+) +\|/gm)].map((m) => Number(m[1]));
    assert.deepEqual(rows, codes);
  });
});

/**
 * `report-studio skill install [--dir D]`: SKILL.md (Agent Skills format) written where agents
 * look, a different SKILL.md already there left alone (exit 1), an unknown subcommand refused.
 */
import { strict as assert } from 'node:assert';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildOnce, cleanEnv, describeRun, ROOT, runCliInProcess } from './cliHarness';

describe('CLI: skill install', function () {
  this.timeout(120_000);
  let dir: string;
  // In this process (dist/engine.js's runCli, which finds SKILL.md beside dist/ as dist/cli.js does).
  const run = (args: string[]) => runCliInProcess(args, { cwd: dir, env: cleanEnv() });

  before(async () => {
    await buildOnce();
    dir = await mkdtemp(join(tmpdir(), 'rs-cli-skill-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('writes SKILL.md with its front matter to .agents/skills and .claude/skills; --dir to that folder', async () => {
    const r = await run(['skill', 'install']);
    assert.equal(r.code, 0, describeRun(r));
    const shipped = await readFile(join(ROOT, 'SKILL.md'), 'utf8');
    assert.match(shipped, /^---\nname: report-studio\ndescription: .+\n---\n/);
    for (const folder of ['.agents/skills', '.claude/skills']) {
      assert.equal(await readFile(join(dir, folder, 'report-studio', 'SKILL.md'), 'utf8'), shipped, folder);
    }
    const own = await run(['skill', 'install', '--dir', 'mine']);
    assert.equal(own.code, 0, describeRun(own));
    assert.equal(await readFile(join(dir, 'mine', 'report-studio', 'SKILL.md'), 'utf8'), shipped);
  });

  it('leaves a SKILL.md someone edited as it is (exit 1); an unknown subcommand is a usage error', async () => {
    const edited = join(dir, '.claude', 'skills', 'report-studio', 'SKILL.md');
    await writeFile(edited, 'my own notes\n');
    const r = await run(['skill', 'install']);
    assert.equal(r.code, 1, describeRun(r));
    assert.match(r.stderr, /exists with other text: left as it is/);
    assert.equal(await readFile(edited, 'utf8'), 'my own notes\n');
    const wrong = await run(['skill', 'remove']);
    assert.equal(wrong.code, 2);
    assert.match(wrong.stderr, /"skill" knows one subcommand, "install"; got "remove"/);
  });
});

// schemas/report.schema.json is generated from the catalogue (src/catalogue/, by
// scripts/build-schema.mjs): the committed files must be exactly what the generator produces
// now, and the icon list must be the installed one.
import { strict as assert } from 'node:assert';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { reportSchema } from '../../../../src/core/schema/reportSchema';

const root = join(__dirname, '..', '..', '..', '..');
const generate = () =>
  execFileSync(process.execPath, [join(root, 'scripts', 'build-schema.mjs'), '--stdout'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });

describe('schema: generator', () => {
  let generated = '';
  /** What a second run, in a process of its own, says of the committed files (which the first run's schema should equal). */
  let checked = '';
  before(() => {
    generated = generate();
    const check = spawnSync(process.execPath, [join(root, 'scripts', 'build-schema.mjs'), '--check'], { cwd: root, encoding: 'utf8' });
    checked = `${check.stdout}${check.stderr}`;
  });

  it('the committed schema is up to date (run `npm run build:schema` if this fails)', () => {
    const committed = readFileSync(join(root, 'schemas', 'report.schema.json'), 'utf8');
    assert.ok(committed === generated, 'schemas/report.schema.json differs from the generator output');
  });

  it('every generated file is up to date, the type list and metadata too (run `npm run build:schema` if this fails)', () => {
    assert.match(checked, /up to date/);
  });

  it('is deterministic: two runs in two processes write the same schema', () => {
    const committed = readFileSync(join(root, 'schemas', 'report.schema.json'), 'utf8');
    assert.equal(generated, committed, 'the first run');
    assert.match(checked, /schemas\/report\.schema\.json .*are up to date/, 'the second run');
  });

  it('is pretty-printed draft-07', () => {
    assert.ok(generated.startsWith('{\n  "$schema": "http://json-schema.org/draft-07/schema#"'));
    assert.ok(generated.endsWith('}\n'));
  });

  it('takes the icon names from the installed @tabler/icons package', () => {
    const meta = JSON.parse(readFileSync(join(root, 'node_modules', '@tabler', 'icons', 'icons.json'), 'utf8')) as Record<
      string,
      { category: string }
    >;
    const icons = (reportSchema.definitions?.tablerIcon.enum ?? []).filter((v): v is string => typeof v === 'string');
    assert.deepEqual(icons, Object.keys(meta).sort());
    const descriptions = reportSchema.definitions?.tablerIcon.enumDescriptions as string[];
    const coin = icons.indexOf('coin');
    assert.ok(descriptions[coin].startsWith(`${meta.coin.category} · `), descriptions[coin]);
    assert.match(descriptions[coin], /money/);
  });
});

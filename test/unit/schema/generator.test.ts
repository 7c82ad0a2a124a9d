// schemas/report.schema.json is generated (scripts/build-schema.mjs): the committed file must
// be exactly what the generator produces now, and the icon list must be the installed one.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { reportSchema } from '../../../src/core/schema/reportSchema';

const root = join(__dirname, '..', '..', '..');
const generate = () =>
  execFileSync(process.execPath, [join(root, 'scripts', 'build-schema.mjs'), '--stdout'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });

describe('schema: generator', () => {
  let generated = '';
  before(() => {
    generated = generate();
  });

  it('the committed schema is up to date (run `npm run build:schema` if this fails)', () => {
    const committed = readFileSync(join(root, 'schemas', 'report.schema.json'), 'utf8');
    assert.ok(committed === generated, 'schemas/report.schema.json differs from the generator output');
  });

  it('the generated component type list is up to date (run `npm run build:schema` if this fails)', async () => {
    const { COMPONENT_TYPES_FILE, componentTypesSource } = (await new Function('u', 'return import(u)')(
      pathToFileURL(join(root, 'scripts', 'schema', 'componentTypes.mjs')).href,
    )) as { COMPONENT_TYPES_FILE: string; componentTypesSource(schema: unknown, root: string): Promise<string> };
    const committed = readFileSync(join(root, COMPONENT_TYPES_FILE), 'utf8');
    assert.equal(committed, await componentTypesSource(JSON.parse(generated), root));
  });

  it('is deterministic', () => {
    assert.equal(generate(), generated);
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

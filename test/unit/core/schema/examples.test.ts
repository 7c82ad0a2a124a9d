// Every example report is valid for both engines that check reports: ajv (the local service
// and the CLI) and vscode-json-languageservice (the editor).
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMPONENT_META, COMPONENT_TYPES } from '../../../../src/core/report/componentTypes.generated';
import { reportSchemaIndex } from '../../../../src/core/schema/reportSchema';

import { editorProblems } from './jsonLanguageService';

const CATALOGUE = reportSchemaIndex().catalogue;
const componentTypes = CATALOGUE.componentTypes;

const SCHEMA = reportSchemaIndex();

const dir = join(__dirname, '..', '..', '..', '..', 'examples');
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.report.json'))
  .sort();

interface Node {
  type?: string;
  options?: Record<string, unknown>;
  components?: Node[];
}

function collect(nodes: Node[] | undefined, into: Node[]): Node[] {
  for (const n of nodes ?? []) {
    into.push(n);
    collect(n.components, into);
  }
  return into;
}

function allComponents(body: { components?: Node[]; cover_page?: { components?: Node[] } }): Node[] {
  return collect(body.cover_page?.components, collect(body.components, []));
}

describe('schema: examples/', () => {
  const strictValidator = SCHEMA.validator('strict');

  it('has at least the five documented examples', () => {
    for (const name of ['kpi-dashboard', 'invoice', 'analytics', 'annual-review', 'product-metrics']) {
      assert.ok(files.includes(`${name}.report.json`), `examples/${name}.report.json is missing`);
    }
  });

  for (const file of files) {
    describe(file, () => {
      const text = readFileSync(join(dir, file), 'utf8');
      const body = JSON.parse(text);

      it('has 0 errors in strict mode (ajv)', () => {
        assert.deepEqual(strictValidator.validate(body), []);
      });

      it('has 0 problems in the editor (vscode-json-languageservice)', async () => {
        assert.deepEqual(await editorProblems(text), []);
      });

      it('names no $schema: copies keep the schema by their *.report.json name, wherever saved', () => {
        assert.equal(body.$schema, undefined);
      });

      it('is substantial (at least 5 components, real titles)', () => {
        assert.ok(allComponents(body).length >= 5, 'too few components');
        assert.ok(!/lorem ipsum/i.test(text), 'placeholder text');
      });
    });
  }

  it('together use every component type', () => {
    const used = new Set(files.flatMap((f) => allComponents(JSON.parse(readFileSync(join(dir, f), 'utf8'))).map((n) => n.type)));
    assert.deepEqual(
      componentTypes.filter((t) => !used.has(t)),
      [],
    );
  });

  it('analytics is multi-page and has every chart kind', () => {
    const body = JSON.parse(readFileSync(join(dir, 'analytics.report.json'), 'utf8'));
    assert.equal(body.config.enable_multi_page, true);
    const types = new Set(allComponents(body).map((n) => n.type));
    for (const t of COMPONENT_TYPES.filter((type) => COMPONENT_META[type].group === 'charts')) {
      assert.ok(types.has(t), `analytics lacks ${t}`);
    }
  });

  it('annual-review has a cover page; invoice has a Table with styled cell objects', () => {
    const review = JSON.parse(readFileSync(join(dir, 'annual-review.report.json'), 'utf8'));
    assert.ok(review.cover_page.components.length >= 3);
    const invoice = JSON.parse(readFileSync(join(dir, 'invoice.report.json'), 'utf8'));
    const table = allComponents(invoice).find((n) => n.type === 'Table');
    const cells = (table?.options?.rows as unknown[][]).flat().filter((c) => typeof c === 'object');
    assert.ok(cells.some((c) => (c as { col_span?: number }).col_span === 3));
    assert.ok(cells.some((c) => (c as { col_bg?: string }).col_bg === 'highlight'));
  });

  it('embedded images are real PNGs (the examples work offline)', () => {
    const images = files.flatMap((f) => allComponents(JSON.parse(readFileSync(join(dir, f), 'utf8')))).filter((n) => n.type === 'Image');
    assert.ok(images.length >= 2);
    for (const img of images) {
      assert.equal(img.options?.image_url, undefined, 'examples must not need the network');
      const bytes = Buffer.from(String(img.options?.base64), 'base64');
      assert.deepEqual([...bytes.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10], 'PNG signature');
      assert.equal(bytes.subarray(12, 16).toString('latin1'), 'IHDR');
    }
  });
});

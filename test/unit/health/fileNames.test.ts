// Source files under src/ are named in camelCase (the project's convention: `renderPdf.ts`,
// `pageModel.ts`), so a module's name reads the same in an import and in the tree.
import { strict as assert } from 'node:assert';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

const SRC = join(__dirname, '..', '..', '..', 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

describe('source file names', () => {
  it('every file under src/ is camelCase (no kebab-case or snake_case)', () => {
    const files = sourceFiles(SRC);
    assert.ok(files.length > 100, `found only ${files.length} source files under ${SRC}`);
    const misnamed = files.filter((f) => !/^[a-z][a-zA-Z0-9]*(\.[a-z][a-zA-Z0-9]*)*\.tsx?$/.test(f.split(/[\\/]/).pop()!));
    assert.deepEqual(
      misnamed.map((f) => relative(SRC, f)),
      [],
      'rename with `git mv` to camelCase and update the imports',
    );
  });
});

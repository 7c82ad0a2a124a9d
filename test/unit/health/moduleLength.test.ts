// Every module under src/ stays within MAX_LINES lines: past that a file has begun to hold two
// things, and the split (along what each part does, named for it) is cheaper now than later.
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const SRC = join(__dirname, '..', '..', '..', 'src');
const MAX_LINES = 350;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** Lines as `wc -l` counts them (a last line without its newline counts too). */
const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

describe('module length', () => {
  it(`every module under src/ has at most ${MAX_LINES} lines`, () => {
    const files = sourceFiles(SRC);
    assert.ok(files.length > 100, `found only ${files.length} source files under ${SRC}`);
    const long = files
      .map((f) => ({ file: relative(SRC, f).split(/[\\/]/).join('/'), lines: lineCount(readFileSync(f, 'utf8')) }))
      .filter((m) => m.lines > MAX_LINES)
      .map((m) => `${m.file}: ${m.lines} lines`);
    assert.deepEqual(long, [], `split these along what each part does, into modules named for it`);
  });
});

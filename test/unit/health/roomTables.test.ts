// The rooms are the projects tsconfig.json references under src/ (one place). The docs that
// list them — README's "What is here", CONTRIBUTING's "Layer rules", architecture.md's "Rooms" —
// must name each of them and no other, so a room added or renamed is not left out of one.
// CONTRIBUTING's apt-get line is the packages .ci/run installs (APT_PACKAGES).
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

/** The rooms: tsconfig.json's references under src/ (the file has comments, so not JSON.parse). */
function rooms(tsconfig: string): string[] {
  return [...tsconfig.matchAll(/"path":\s*"src\/([\w-]+)"/g)].map((m) => m[1]);
}

/** The lines of a Markdown section, from its heading to the next heading of its level or above. */
function section(text: string, heading: string): string[] {
  const lines = text.split('\n');
  const start = lines.indexOf(heading);
  if (start < 0) return [];
  const level = heading.indexOf(' ');
  const end = lines.findIndex((l, i) => i > start && /^#+ /.test(l) && l.indexOf(' ') <= level);
  return lines.slice(start + 1, end < 0 ? undefined : end);
}

interface RoomList {
  file: string;
  heading: string;
  /** A table names a room in a row's first cell; a list anywhere in the section. */
  kind: 'table' | 'list';
}

const ROOM_LISTS: RoomList[] = [
  { file: 'README.md', heading: '## What is here', kind: 'table' },
  { file: 'CONTRIBUTING.md', heading: '## Layer rules', kind: 'list' },
  { file: 'docs/architecture.md', heading: '## Rooms', kind: 'table' },
];

/** What is wrong with each list, as `file: the room src/x/ is missing` or `… is no room`. */
function roomListProblems(expected: string[], lists: RoomList[], readFile: (file: string) => string): string[] {
  const out: string[] = [];
  for (const list of lists) {
    const lines = section(readFile(list.file), list.heading);
    if (lines.length === 0) {
      out.push(`${list.file}: no section "${list.heading}"`);
      continue;
    }
    const pattern = list.kind === 'table' ? /^\|\s*`src\/([\w-]+)\/`/g : /`src\/([\w-]+)\//g;
    const named = new Set(lines.flatMap((l) => [...l.matchAll(pattern)].map((m) => m[1])));
    for (const room of expected) if (!named.has(room)) out.push(`${list.file} (${list.heading}): the room src/${room}/ is missing`);
    for (const name of named)
      if (!expected.includes(name)) out.push(`${list.file} (${list.heading}): src/${name}/ is no room (tsconfig.json)`);
  }
  return out;
}

/** The packages of `.ci/run`'s APT_PACKAGES=( … ) and of the first `apt-get install` in a doc. */
function aptPackages(ciRun: string, doc: string): { ci: string[]; doc: string[] } {
  const array = /^APT_PACKAGES=\(([^)]*)\)/m.exec(ciRun)?.[1] ?? '';
  const command = /^apt-get install ((?:.*\\\n)*.*)$/m.exec(doc)?.[1] ?? '';
  const words = (s: string) => s.split(/[\s\\]+/).filter((w) => w && !w.startsWith('-') && !w.startsWith('#'));
  return { ci: words(array.replace(/#.*$/gm, '')), doc: words(command) };
}

describe('the rooms in the docs', () => {
  const expected = rooms(read('tsconfig.json'));

  it('are read from tsconfig.json', () => {
    assert.deepEqual([...expected].sort(), ['catalogue', 'cli', 'core', 'extension', 'net', 'render', 'service', 'web', 'webview']);
  });

  it("are named, each and no other, in README's, CONTRIBUTING's and architecture.md's lists", () => {
    assert.deepEqual(roomListProblems(expected, ROOM_LISTS, read), []);
  });

  it('names the file, the section and the room that is missing or extra', () => {
    const docs: Record<string, string> = {
      'README.md': '## What is here\n\n| Path | What |\n| `src/core/` | x |\n| `src/mock/` | y |\n\n## Next\n| `src/net/` | z |',
    };
    assert.deepEqual(
      roomListProblems(['core', 'net'], ROOM_LISTS.slice(0, 1), (f) => docs[f]),
      ['README.md (## What is here): the room src/net/ is missing', 'README.md (## What is here): src/mock/ is no room (tsconfig.json)'],
    );
  });
});

describe("CONTRIBUTING's apt-get line", () => {
  it('installs the packages .ci/run installs (APT_PACKAGES)', () => {
    const { ci, doc } = aptPackages(read('.ci/run'), read('CONTRIBUTING.md'));
    assert.ok(ci.length > 0, '.ci/run has an APT_PACKAGES=( … ) array');
    assert.deepEqual(
      { missing: ci.filter((p) => !doc.includes(p)), extra: doc.filter((p) => !ci.includes(p)) },
      { missing: [], extra: [] },
      "CONTRIBUTING.md's apt-get install line differs from .ci/run's APT_PACKAGES",
    );
  });
});

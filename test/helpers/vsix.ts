/**
 * The packaged .vsix as the Marketplace gets it: packaged by scripts/package.mjs --if-stale (reused
 * when newer than every input, so a test run packages at most once) and read back as a zip.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import * as yauzl from 'yauzl';

const ROOT = join(__dirname, '..', '..');

/** The .vsix of package.json's version, packaged when stale; its path. */
export function packagedVsix(): string {
  const out = execFileSync(process.execPath, ['scripts/package.mjs', '--if-stale', '--quiet'], { cwd: ROOT, encoding: 'utf8' });
  return out.trim().split('\n').pop() ?? '';
}

/** Every entry of the zip, or the text of the one named `only` (undefined when absent). */
function walk(zipPath: string, only?: string): Promise<{ names: string[]; text?: string }> {
  return new Promise((resolve, reject) => {
    yauzl.open(zipPath, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error(`cannot open ${zipPath}`));
      const names: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        if (entry.fileName !== only) return zip.readEntry();
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error(`cannot read ${only} in ${zipPath}`));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            zip.close();
            resolve({ names, text: Buffer.concat(chunks).toString('utf8') });
          });
        });
      });
      zip.on('end', () => resolve({ names }));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** The names of the entries of a .vsix (a zip). */
export async function vsixEntries(zipPath: string): Promise<string[]> {
  return (await walk(zipPath)).names;
}

/** The text of one entry of a .vsix ("extension/readme.md"); fails when it is absent. */
export async function readVsixEntry(zipPath: string, name: string): Promise<string> {
  const { text } = await walk(zipPath, name);
  if (text === undefined) throw new Error(`${name} is not in ${zipPath}`);
  return text;
}

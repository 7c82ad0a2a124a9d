/**
 * Files that ship beside the CLI bundle (dist/cli.js → ../examples, ../SKILL.md), in the
 * repository and in the npm package alike (scripts/pack-cli.mjs); from the sources (tsx) they
 * are three folders up.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export function shippedPath(name: string): string | undefined {
  return [join(__dirname, '..', name), join(__dirname, '..', '..', '..', name)].find((p) => existsSync(p));
}

/** The example reports (file names, sorted). */
export function exampleNames(): string[] {
  const dir = shippedPath('examples');
  return dir
    ? readdirSync(dir)
        .filter((n) => n.endsWith('.report.json'))
        .sort()
    : [];
}

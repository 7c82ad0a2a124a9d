// The throwaway workspace the e2e tests open: copies of examples/ and the broken fixtures,
// so no test ever touches a file of the repository. schemas/ comes along for the tests that
// name it by a relative "$schema" (schemaAssociation.test.ts).
import { cpSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './build-suite.mjs';

export function makeWorkspace(dir) {
  mkdirSync(dir, { recursive: true });
  for (const [from, to] of [
    ['examples', 'examples'],
    ['schemas', 'schemas'],
    ['test/e2e/fixtures', 'broken'],
  ]) {
    if (existsSync(join(root, from))) cpSync(join(root, from), join(dir, to), { recursive: true });
  }
  return dir;
}

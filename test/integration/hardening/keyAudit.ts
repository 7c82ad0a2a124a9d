/**
 * "The API key never appears": searches captured output and every file under a folder for
 * a key in the forms it could leak in — as is, URL-encoded (query strings), form-encoded
 * (+ for spaces), JSON-escaped and base64 (a Basic header). Binary files are searched as
 * bytes. Each hardening test audits its own output and temp dirs before deleting them.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The spellings of a key to search for. */
function keyForms(key: string): string[] {
  const lower = (s: string): string => s.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase());
  const url = [encodeURIComponent(key), encodeURI(key), new URLSearchParams({ k: key }).toString().slice(2)];
  const forms = new Set([key, ...url, ...url.map(lower), JSON.stringify(key).slice(1, -1), Buffer.from(key).toString('base64')]);
  return [...forms];
}

export interface KeyHit {
  where: string;
  form: string;
  context: string;
}

/** Hits of any form of any key in `text`, labelled `where`. */
export function findKeys(where: string, text: string | Buffer, keys: readonly string[]): KeyHit[] {
  const hits: KeyHit[] = [];
  const buf = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  for (const key of keys) {
    for (const form of keyForms(key)) {
      const at = buf.indexOf(form);
      if (at >= 0) hits.push({ where, form, context: buf.subarray(Math.max(0, at - 60), at + form.length + 20).toString('utf8') });
    }
  }
  return hits;
}

/** Hits in every file below `dir` (recursively). */
export function findKeysInDir(dir: string, keys: readonly string[]): { hits: KeyHit[]; files: number } {
  const hits: KeyHit[] = [];
  let files = 0;
  const visit = (d: string): void => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      const st = statSync(path);
      if (st.isDirectory()) visit(path);
      else if (st.isFile()) {
        files++;
        hits.push(...findKeys(path, readFileSync(path), keys));
      }
    }
  };
  visit(dir);
  return { hits, files };
}

export function describeHits(hits: KeyHit[]): string {
  return hits.map((h) => `${h.where}: ${JSON.stringify(h.context)}`).join('\n');
}

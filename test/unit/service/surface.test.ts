/**
 * The local service's HTTP surface is declared once (src/service/http/routeTable.ts,
 * serviceErrors.ts, src/service/limits.ts): these checks hold the code, the flags and the
 * generated docs to those declarations, both ways.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { API_BASE_PATH, API_PATHS, DEFAULT_BODY_LIMIT_BYTES } from '../../../src/core/api/types';
import { MAX_INPUT_BYTES } from '../../../src/cli/inputFile';
import { parseFlags, USAGE } from '../../../src/service/flags';
import { API_ROUTES } from '../../../src/service/http/routeTable';
import { SERVICE_ERRORS } from '../../../src/service/http/serviceErrors';
import { flagLimits, formatLimit, LIMITS, type Limit } from '../../../src/service/limits';
import { buildOpenApi } from '../../../src/service/openapi';
import { DEFAULTS, resolveOptions } from '../../../src/service/options';
import { generatedDoc, ROOT, SERVICE_DOC } from '../../helpers/serviceSurface';

const SERVICE = join(ROOT, 'src/service');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** Each source of src/service (path from src/service → its code without comments). */
const CODE = new Map(
  sources(SERVICE).map((path) => [
    relative(SERVICE, path).replace(/\\/g, '/'),
    readFileSync(path, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, ''),
  ]),
);

/** Where `pattern` matches in src/service, outside `except`: "file: match" lines. */
function matches(pattern: RegExp, except: string[] = []): string[] {
  return [...CODE].flatMap(([file, code]) =>
    except.includes(file) ? [] : [...code.matchAll(pattern)].map((m) => `${file}: ${m[0].trim()}`),
  );
}

describe('local service surface: declared once', function () {
  describe('routes and paths', function () {
    it('every API path constant has a route and every route is a path constant', () => {
      assert.deepEqual(Object.keys(API_ROUTES), Object.keys(API_PATHS));
      const doc = buildOpenApi('http://127.0.0.1:1') as { paths: Record<string, unknown> };
      assert.deepEqual(
        Object.keys(doc.paths),
        Object.values(API_PATHS).map((p) => API_BASE_PATH + p),
      );
    });

    it('no path is written as a string in src/service outside the route table', () => {
      const literal = /\/(?:api\/v1|openapi\.json|bucket\/|build-report|preview-report|get-task-status|get-report|get-remaining-quota)\b/g;
      assert.deepEqual(matches(literal, ['http/routeTable.ts']), []);
    });
  });

  describe('the error catalogue', function () {
    const used = new Set(
      matches(/\b(?:serviceError|errorAnswer)\(\s*'(\w+)'/g, ['http/serviceErrors.ts']).map((m) => /'(\w+)'/.exec(m)![1]),
    );

    it('every entry is used in src/service, and every use names an entry', () => {
      const declared = Object.keys(SERVICE_ERRORS);
      assert.deepEqual(
        declared.filter((t) => !used.has(t)),
        [],
        'catalogue entries nothing throws',
      );
      assert.deepEqual(
        [...used].filter((t) => !declared.includes(t)),
        [],
        'uses of no entry',
      );
    });

    it('every error body the service writes comes from the catalogue (or is a 422 of pydantic entries)', () => {
      // HttpError is made only by the catalogue and respond.ts's validationError / relayedError.
      assert.deepEqual(matches(/new HttpError\(/g, ['http/serviceErrors.ts', 'http/respond.ts']), []);
      // No error status written by hand: a JSON response ≥ 400 is a capped 422 or nothing.
      const statuses = matches(/\b(?:jsonResponse|jsonTextResponse)\(\s*(\d+)/g).filter((m) => !/\(\s*(?:[123]\d\d|422)\b/.test(m));
      assert.deepEqual(statuses, []);
      // No `detail` text outside the catalogue but the 303's, which is not an error.
      const details = matches(/\bdetail: *['"`]/g, ['http/serviceErrors.ts']);
      assert.deepEqual(details, ['http/taskRoutes.ts: detail: `'], 'only the 303 of get-report writes its own detail');
      // The raw answers of a socket without a usable request are the catalogue's too.
      assert.deepEqual(matches(/rawJsonResponse\(\s*(?!errorAnswer\(|answer\)|\{ status, detail \})[^)]*/g), []);
    });

    it('each entry answers with its status and its example reads as a sentence with its parameters in it', () => {
      for (const [type, e] of Object.entries(SERVICE_ERRORS)) {
        assert.ok(e.status >= 400 && e.status < 600, type);
        const text = (e.message as (p: object) => string)(e.example);
        assert.ok(text.length > 5 && !text.includes('undefined'), `${type}: ${text}`);
      }
    });
  });

  describe('the limits table', function () {
    it('the service resolves every limit to its default, and each one the docs call an option is one', () => {
      for (const [name, limit] of Object.entries(LIMITS)) assert.equal(DEFAULTS[name as keyof typeof DEFAULTS], limit.default, name);
      const resolved = resolveOptions({ dataDir: '/nowhere' }) as unknown as Record<string, unknown>;
      for (const [name, limit] of Object.entries(LIMITS as Record<string, Limit>)) {
        if (limit.flag || limit.option) assert.equal(resolved[name], limit.default, `option ${name}`);
      }
    });

    it('each limit flag parses its default as written in USAGE, is listed there, and refuses a value below its minimum', () => {
      for (const { name, limit } of flagLimits()) {
        const written = formatLimit(limit.default, limit.unit);
        assert.ok(USAGE.includes(`${limit.flag.name} ${limit.flag.arg}`), `${limit.flag.name} in USAGE`);
        assert.ok(USAGE.includes(`(default ${written}`), `${limit.flag.name}'s default ${written} in USAGE`);
        assert.equal(parseFlags([limit.flag.name, written]).options[name], limit.default, limit.flag.name);
        const v = limit.flag.value;
        if (v.kind !== 'size' && v.min > 0) assert.throws(() => parseFlags([limit.flag.name, '0']), new RegExp(limit.flag.name));
      }
      assert.throws(() => parseFlags(['--max-depth', String(LIMITS.maxDepthLimit.default + 1)]), /--max-depth: at most 128/);
    });

    it('the error past each limit is an entry of the catalogue', () => {
      for (const [name, limit] of Object.entries(LIMITS as Record<string, Limit>)) {
        if (limit.error) assert.ok(limit.error in SERVICE_ERRORS, `${name}: no catalogue entry ${limit.error}`);
      }
    });

    it("the CLI reads report files up to the service's default body limit (one fact)", () => {
      assert.equal(LIMITS.bodyLimit.default, DEFAULT_BODY_LIMIT_BYTES);
      assert.equal(MAX_INPUT_BYTES, DEFAULT_BODY_LIMIT_BYTES);
    });
  });

  it(`${SERVICE_DOC}'s generated tables are current (npm run gen:service-surface)`, async () => {
    const current = readFileSync(join(ROOT, SERVICE_DOC), 'utf8');
    assert.ok(current === (await generatedDoc(current)), `${SERVICE_DOC} is out of date: run npm run gen:service-surface`);
  });
});

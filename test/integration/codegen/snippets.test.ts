// The "Copy as…" snippets, run as a user would run them (bash + curl, node, node with the
// official SDK from node_modules, python3 + requests) against the real local service on
// 127.0.0.1, with the key only in HYBISCUS_API_KEY; the file each saves is read back.
import { strict as assert } from 'node:assert';
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CODE_LANGUAGES, codeLanguage, generateCode, API_KEY_ENV } from '../../../src/core/codegen';
import type { TaskKind } from '../../../src/core/api/types';
import { startHarness, type Harness } from '../service/helpers';
import { readPdf, allText } from '../../helpers/pdf';
import { isJpeg } from '../../helpers/jpeg';

/** Quotes, `$`, backticks, a backslash, a line break and non-ASCII letters: data that a careless snippet would run as code. */
const TITLE = `It's "$HOME" \`id\` $(id) \${x} a\\b — café`;
const REPORT = `{
  // A comment and trailing commas: removed before anything is sent.
  "type": "Report",
  "options": { "report_title": ${JSON.stringify(TITLE)}, "report_byline": "Line one\\nline two", },
  "components": [
    { "type": "Text", "options": { "text": "Ünïcödé paragraph REPORT_JSON" } },
    { "type": "Section", "options": { "section_title": "Snippet section" }, "components": [ { "type": "Text", "options": { "text": "Nested" } }, ] },
  ],
}
`;

const RUNNERS: Record<string, { file: string; command: string }> = {
  curl: { file: 'report.sh', command: 'bash' },
  'node-fetch': { file: 'report.mjs', command: process.execPath },
  'node-sdk': { file: 'report.mjs', command: process.execPath },
  python: { file: 'report.py', command: 'python3' },
};

/** The first python3 that has requests: the one on PATH (a pyenv or venv one may), else Debian's (python3-requests, .ci/run). */
async function pythonWithRequests(): Promise<string> {
  for (const candidate of ['python3', '/usr/bin/python3']) {
    if ((await run(candidate, ['-c', 'import requests'], tmpdir(), process.env)).code === 0) return candidate;
  }
  throw new Error('no python3 with the requests package: apt-get install python3-requests (as .ci/run does)');
}

function run(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd, env, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe('Copy as… snippets run against the local service', function () {
  this.timeout(120_000);
  let h: Harness;
  let dir: string;

  before(async () => {
    RUNNERS.python.command = await pythonWithRequests();
    // One render worker: the snippets run one at a time; each worker loads the renderer and compiles PDFium.
    h = await startHarness({ renderer: undefined, concurrency: 1 });
  });
  after(async () => {
    await h?.stop();
  });
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'rs-codegen-'));
    // The SDK snippet imports @hybiscus/web-api as an app would: from a node_modules beside it.
    symlinkSync(join(process.cwd(), 'node_modules'), join(dir, 'node_modules'), 'dir');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  async function runSnippet(
    id: string,
    kind: TaskKind,
    out: string,
    env: NodeJS.ProcessEnv = { [API_KEY_ENV]: h.key },
    baseUrl = h.service.baseUrl,
  ) {
    const language = codeLanguage(id)!;
    const code = generateCode(language, { text: REPORT, kind, baseUrl, fileName: 'snippet test.report.json' });
    assert.ok(!code.includes(h.key), `${id}: the snippet contains the key`);
    const { file, command } = RUNNERS[id];
    writeFileSync(join(dir, file), code);
    return run(command, [file, out], dir, { PATH: process.env.PATH, HOME: process.env.HOME, ...env });
  }

  for (const id of Object.keys(RUNNERS)) {
    const label = CODE_LANGUAGES.find((l) => l.id === id)!.label;

    it(`${label}: builds this report and saves its PDF, every character of the title intact`, async () => {
      const result = await runSnippet(id, 'build', 'out.pdf');
      assert.equal(result.code, 0, `${label} exited ${result.code}:\n${result.stdout}\n${result.stderr}`);
      const pdf = await readPdf(readFileSync(join(dir, 'out.pdf')));
      assert.equal(pdf.pageCount, 1);
      const text = allText(pdf);
      for (const expected of [TITLE, 'Ünïcödé paragraph REPORT_JSON', 'Snippet section', 'Nested']) {
        assert.ok(text.includes(expected), `${label}: "${expected}" is not in the PDF text: ${text}`);
      }
      assert.deepEqual(
        readdirSync(dir).filter((f) => f.endsWith('.part')),
        [],
        'a partial file was left behind',
      );
    });
  }

  it('cURL: a preview saves the JPEG of the first page', async () => {
    const result = await runSnippet('curl', 'preview', 'out.jpg');
    assert.equal(result.code, 0, result.stderr);
    assert.ok(isJpeg(readFileSync(join(dir, 'out.jpg'))));
  });

  for (const id of Object.keys(RUNNERS)) {
    const label = CODE_LANGUAGES.find((l) => l.id === id)!.label;
    it(`${label}: without ${API_KEY_ENV} it stops at once and says which variable to set`, async () => {
      const result = await runSnippet(id, 'build', 'out.pdf', {});
      assert.notEqual(result.code, 0);
      assert.match(result.stderr, new RegExp(`Set ${API_KEY_ENV}`));
      assert.ok(!existsSync(join(dir, 'out.pdf')));
    });
  }

  it('Node SDK (@hybiscus/api): a valid ES module (not run: the newer SDK is not a dependency of this project)', async () => {
    const code = generateCode(codeLanguage('node-sdk-api')!, {
      text: REPORT,
      kind: 'build',
      baseUrl: h.service.baseUrl,
      fileName: 'x.report.json',
    });
    writeFileSync(join(dir, 'report.mjs'), code);
    const result = await run(process.execPath, ['--check', 'report.mjs'], dir, { PATH: process.env.PATH });
    assert.equal(result.code, 0, result.stderr);
  });

  it("Python: a wrong key ends with the service's 401 answer, not a traceback", async () => {
    const result = await runSnippet('python', 'build', 'out.pdf', { [API_KEY_ENV]: 'not-the-key-1234' });
    assert.notEqual(result.code, 0);
    assert.match(result.stderr, /POST \/build-report answered 401/);
    assert.doesNotMatch(result.stderr, /Traceback/);
  });

  describe('a service that redirects to another origin', () => {
    /** Answers everything with a 307 to `elsewhere` (another port: another origin). */
    let redirector: Server;
    /** Records the key header of every request that reaches it. */
    let elsewhere: Server;
    const keysSeen: Array<string | undefined> = [];

    const listen = async (server: Server) => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    };
    let redirectorUrl: string;
    before(async () => {
      elsewhere = createServer((req, res) => {
        keysSeen.push(req.headers['x-api-key'] as string | undefined);
        req.resume();
        res.writeHead(500, { 'Content-Type': 'application/json' }).end('{"detail":"elsewhere"}');
      });
      const elsewhereUrl = await listen(elsewhere);
      redirector = createServer((req, res) => {
        req.resume();
        res.writeHead(307, { Location: `${elsewhereUrl}${req.url}` }).end();
      });
      redirectorUrl = `${await listen(redirector)}/api/v1`;
    });
    after(async () => {
      for (const server of [redirector, elsewhere]) {
        server?.closeAllConnections();
        await new Promise((resolve) => server?.close(resolve));
      }
    });

    for (const id of Object.keys(RUNNERS)) {
      const label = CODE_LANGUAGES.find((l) => l.id === id)!.label;
      it(`${label}: stops at the redirect; the key never reaches the other origin`, async () => {
        keysSeen.length = 0;
        const result = await runSnippet(id, 'build', 'out.pdf', undefined, redirectorUrl);
        assert.notEqual(result.code, 0, `${label} saved a file through a redirect:\n${result.stdout}`);
        assert.deepEqual(
          keysSeen.filter((k) => k !== undefined),
          [],
          `${label} sent the key to the other origin (${keysSeen.length} requests there)`,
        );
        assert.ok(!existsSync(join(dir, 'out.pdf')));
      });
    }
  });
});

/**
 * Crash safety: kill -9 of the standalone service (dist/local-service.js, real renderer in
 * worker threads) while tasks render, at three different moments, restarting on the same
 * data dir each time. Afterwards no task may be stuck, every SUCCESS file must download
 * and read back, the ledger must hold exactly the charges of the successful builds (no
 * double charge, none for a FAILED task), nothing may be corrupt and no temporary file may
 * be left. A second test builds crash states by hand that the kill timing rarely hits.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { keyIdOf } from '../../../src/service/keys';
import { startLocalService } from '../../../src/service/service';
import { createMinimalRenderer } from '../../../src/render/minimalRenderer';
import { locateRenderWorker, WorkerRenderer } from '../../../src/service/renderPool';
import { readPdf } from '../../helpers/pdf';
import { decodeJpeg, isJpeg } from '../../helpers/jpeg';
import { tempDir } from '../service/helpers';
import { buildOnce, kill9, startServer, stopServer, type ServerProcess } from './standalone';
import { describeHits, findKeys, findKeysInDir } from './keyAudit';
import type { TaskKind } from '../../../src/core/api/types';
import { waitFor } from '../../helpers/waitFor';

const KEY = 'crash-key-0123456789';
const QUOTA = 1000;

interface Submitted {
  id: string;
  kind: TaskKind;
  round: number;
}

const report = (title: string, pages: 1 | 2): Record<string, unknown> => ({
  type: 'Report',
  options: { report_title: title },
  config: { enable_multi_page: pages === 2 },
  components:
    pages === 2
      ? [
          { type: 'Text', options: { text: `${title}, page one` } },
          { type: 'PageBreak' },
          { type: 'Card', options: { title: 'Page two', value: 2 } },
        ]
      : [
          {
            type: 'Section',
            options: { section_title: title, columns: 2 },
            components: [
              { type: 'Card', options: { title: 'A', value: 1 } },
              { type: 'Card', options: { title: 'B', value: 2 } },
            ],
          },
        ],
});

/** Every file below `dir`, relative. */
function walk(dir: string, prefix = ''): string[] {
  return readdirSync(dir).flatMap((name) => {
    const rel = prefix ? `${prefix}/${name}` : name;
    return statSync(join(dir, name)).isDirectory() ? walk(join(dir, name), rel) : [rel];
  });
}

/** Every JSON file the service wrote parses (atomic writes: never half a file). */
function assertNothingCorrupt(dir: string, when: string): void {
  for (const rel of walk(dir).filter((f) => f.endsWith('.json'))) {
    try {
      JSON.parse(readFileSync(join(dir, rel), 'utf8'));
    } catch (err) {
      assert.fail(`${when}: ${rel} is corrupt: ${(err as Error).message}`);
    }
  }
}

async function api(p: ServerProcess, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${p.url}/api/v1${path}`, {
    ...init,
    headers: { 'x-api-key': KEY, 'content-type': 'application/json', ...(init.headers as object) },
  });
}

async function statuses(p: ServerProcess, ids: string[]): Promise<Map<string, { status: string; error_message: string | null }>> {
  const out = new Map<string, { status: string; error_message: string | null }>();
  for (const id of ids) {
    const r = await api(p, `/get-task-status?task_id=${id}`);
    assert.equal(r.status, 200, `task ${id} is unknown after a restart (lost)`);
    out.set(id, (await r.json()) as { status: string; error_message: string | null });
  }
  return out;
}

describe('hardening: crash safety (kill -9 of the standalone service while rendering)', function () {
  this.timeout(900_000);
  const dirs: string[] = [];
  let server: ServerProcess | undefined;
  before(() => buildOnce());
  afterEach(async () => {
    if (server) await kill9(server);
    server = undefined;
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('three kills at different moments: no task stuck, no file or charge lost, corrupted or charged twice', async () => {
    const dir = tempDir('rs-crash-');
    dirs.push(dir);
    const args = [
      '--data-dir',
      dir,
      '--api-key',
      KEY,
      '--quota-single',
      String(QUOTA),
      '--quota-multi',
      String(QUOTA),
      '--rate-limit',
      '0',
      '--concurrency',
      '2',
      '--render-delay',
      '300ms',
    ];
    const submitted: Submitted[] = [];
    const outputs: string[] = [];
    const moments: Array<{ label: string; ready: (p: ServerProcess, mine: Submitted[]) => Promise<boolean> }> = [
      { label: 'right after the submits', ready: async () => true },
      {
        label: 'with renders RUNNING',
        ready: async (p, mine) =>
          [
            ...(
              await statuses(
                p,
                mine.map((t) => t.id),
              )
            ).values(),
          ].some((s) => s.status === 'RUNNING'),
      },
      {
        label: 'after some finished, others RUNNING or QUEUED',
        ready: async (p, mine) => {
          const s = [
            ...(
              await statuses(
                p,
                mine.map((t) => t.id),
              )
            ).values(),
          ];
          return s.some((x) => x.status === 'SUCCESS') && s.some((x) => x.status === 'RUNNING' || x.status === 'QUEUED');
        },
      },
    ];
    for (const [round, moment] of moments.entries()) {
      server = await startServer(args);
      const bodies: Array<[Submitted['kind'], 1 | 2]> = [
        ['build', 1],
        ['build', 2],
        ['preview', 1],
        ['build', 1],
        ['build', 2],
        ['preview', 2],
        ['build', 1],
      ];
      const mine = await Promise.all(
        bodies.map(async ([kind, pages], i) => {
          const r = await api(server!, `/${kind}-report`, {
            method: 'POST',
            body: JSON.stringify(report(`Round ${round} task ${i}`, pages)),
          });
          assert.equal(r.status, 200, await r.clone().text());
          return { id: ((await r.json()) as { task_id: string }).task_id, kind, round };
        }),
      );
      submitted.push(...mine);
      // The kill comes at that moment or, if it never comes, after 15 s: a kill is the test either way.
      // Every 100 ms (a third of --render-delay, so a RUNNING task is seen): each probe asks for 7
      // statuses, and at 25 ms the probes were a tenth of the test's CPU, on both sides.
      await waitFor(moment.label, () => moment.ready(server!, mine), 15_000, 100).catch(() => undefined);
      await kill9(server);
      outputs.push(...server.stdout, ...server.stderr);
      server = undefined;
      assertNothingCorrupt(dir, `after kill ${round + 1} (${moment.label})`);
    }

    server = await startServer(args);
    const ids = submitted.map((t) => t.id);
    let final = await statuses(server, ids);
    const settled = async (): Promise<boolean> =>
      ![...(final = await statuses(server!, ids)).values()].some((s) => s.status === 'QUEUED' || s.status === 'RUNNING');
    // 21 statuses a probe: every 250 ms.
    await waitFor('every task to settle after the restart', settled, 300_000, 250).catch(() => undefined); // `stuck` below names them
    const stuck = ids.filter((id) => !['SUCCESS', 'FAILED'].includes(final.get(id)!.status));
    assert.deepEqual(stuck, [], 'tasks stuck after the restart');

    const charged = new Map<string, string>();
    let successes = 0;
    for (const t of submitted) {
      const s = final.get(t.id)!;
      if (s.status === 'FAILED') {
        // The only acceptable failure of these valid reports: killed twice while rendering.
        assert.match(s.error_message ?? '', /stopped 2 times while rendering/, `task ${t.id} FAILED: ${s.error_message}`);
        continue;
      }
      successes++;
      const r = await api(server, `/get-report?task_id=${t.id}`);
      assert.equal(r.status, 200, `SUCCESS task ${t.id} has no file`);
      const bytes = new Uint8Array(await r.arrayBuffer());
      if (t.kind === 'preview') {
        assert.ok(isJpeg(bytes), `preview ${t.id} is not a complete JPEG`);
        assert.ok(decodeJpeg(bytes).width > 100);
      } else {
        const pdf = await readPdf(bytes);
        assert.ok(pdf.pageCount === 1 || pdf.pageCount === 2, `build ${t.id} has ${pdf.pageCount} pages`);
        charged.set(t.id, pdf.pageCount === 1 ? 'single' : 'multi');
      }
    }
    assert.ok(successes > 0, 'nothing succeeded at all');

    const quota = (await (await api(server, '/get-remaining-quota')).json()) as Record<string, number>;
    assert.equal(await stopServer(server), 0, 'graceful stop after the crashes');
    outputs.push(...server.stdout, ...server.stderr);
    server = undefined;

    const ledger = JSON.parse(readFileSync(join(dir, 'ledger.json'), 'utf8')) as {
      keys: Record<string, { charges: Record<string, string> }>;
    };
    const charges = ledger.keys[keyIdOf(KEY)]?.charges ?? {};
    assert.deepEqual(
      Object.fromEntries(Object.entries(charges).sort()),
      Object.fromEntries([...charged].sort()),
      'ledger charges = the successful builds, by rendered page count',
    );
    const count = (kind: string): number => [...charged.values()].filter((k) => k === kind).length;
    assert.equal(quota.remaining_single_page_reports, QUOTA - count('single'));
    assert.equal(quota.remaining_multi_page_reports, QUOTA - count('multi'));

    const files = walk(dir);
    assert.deepEqual(
      files.filter((f) => /\.tmp$/.test(f)),
      [],
      'temporary files left behind',
    );
    assert.deepEqual(
      files.filter((f) => f.endsWith('.report.json')),
      [],
      'submitted reports of finished tasks left behind',
    );
    const expectedFiles = submitted
      .filter((t) => final.get(t.id)!.status === 'SUCCESS')
      .map((t) => `files/${t.id}.${t.kind === 'build' ? 'pdf' : 'jpg'}`);
    assert.deepEqual(
      files.filter((f) => f.startsWith('files/')).sort(),
      expectedFiles.sort(),
      'files/ holds exactly the reports of the SUCCESS tasks',
    );
    assertNothingCorrupt(dir, 'at the end');
    const audit = findKeysInDir(dir, [KEY]);
    assert.deepEqual(audit.hits, [], `the API key appeared in the data dir:\n${describeHits(audit.hits)}`);
    assert.deepEqual(findKeys('service output', outputs.join('\n'), [KEY]), [], 'the API key appeared in the service output');
    console.log(
      `      ${submitted.length} tasks over 3 kills: ${successes} SUCCESS, ${submitted.length - successes} given up after 2 interruptions; ${charged.size} charges`,
    );
  });

  it('a render that runs out of memory fails its task (free of charge) and the service lives on', async () => {
    const dir = tempDir('rs-oom-');
    dirs.push(dir);
    const entry = locateRenderWorker();
    assert.ok(entry, 'the render worker script');
    // 16 MB is too little for any render: the worker dies of V8's out-of-memory.
    const service = await startLocalService({
      port: 0,
      dataDir: dir,
      keys: [{ key: KEY }],
      renderer: new WorkerRenderer(entry, 1, 60_000, 16),
      rateLimit: 0,
    });
    try {
      const post = (kind: string) =>
        fetch(`${service.baseUrl}/${kind}-report`, {
          method: 'POST',
          headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
          body: JSON.stringify(report('oom', 1)),
        });
      for (const kind of ['preview', 'build']) {
        const id = ((await (await post(kind)).json()) as { task_id: string }).task_id;
        let s = { status: 'QUEUED', error_message: null as string | null };
        await waitFor(
          `the ${kind} task to end`,
          async () => {
            s = (await (
              await fetch(`${service.baseUrl}/get-task-status?task_id=${id}`, { headers: { 'x-api-key': KEY } })
            ).json()) as typeof s;
            return s.status === 'SUCCESS' || s.status === 'FAILED';
          },
          60_000,
          50,
        );
        assert.equal(s.status, 'FAILED');
        assert.match(s.error_message ?? '', /needs more than the 16 MB of memory a render may use/);
      }
      const quota = (await (await fetch(`${service.baseUrl}/get-remaining-quota`, { headers: { 'x-api-key': KEY } })).json()) as {
        remaining_single_page_reports: number;
      };
      assert.equal(quota.remaining_single_page_reports, 100, 'a failed build costs nothing');
    } finally {
      await service.stop();
    }
  });

  it('crash states made by hand: a charge from an interrupted attempt goes when the task is given up; orphans are removed', async () => {
    const dir = tempDir('rs-crash-state-');
    dirs.push(dir);
    const keyId = keyIdOf(KEY);
    const day = 86_400_000;
    const start = Math.floor(Date.now() / day) * day;
    const ids = {
      givenUp: '11111111-1111-4111-8111-111111111111',
      resumed: '22222222-2222-4222-8222-222222222222',
      orphanReport: '33333333-3333-4333-8333-333333333333',
      orphanFile: '44444444-4444-4444-8444-444444444444',
    };
    mkdirSync(join(dir, 'tasks'), { recursive: true });
    mkdirSync(join(dir, 'files'), { recursive: true });
    const record = (id: string, attempts: number) => ({
      id,
      kind: 'build',
      status: 'RUNNING',
      error_message: null,
      keyId,
      createdAt: Date.now(),
      attempts,
      reservation: 'single',
      downloadName: 'x',
    });
    // Attempt 1 rendered and charged, then the process died before SUCCESS was saved;
    // attempt 2 died too. Given up → the charge of attempt 1 must not stay.
    writeFileSync(join(dir, 'tasks', `${ids.givenUp}.json`), JSON.stringify(record(ids.givenUp, 2)));
    writeFileSync(join(dir, 'tasks', `${ids.givenUp}.report.json`), JSON.stringify(report('given up', 1)));
    writeFileSync(join(dir, 'files', `${ids.givenUp}.pdf`), '%PDF-1.4 half');
    // Charged, file written, died before SUCCESS: rendered again, charged once.
    writeFileSync(join(dir, 'tasks', `${ids.resumed}.json`), JSON.stringify(record(ids.resumed, 1)));
    writeFileSync(join(dir, 'tasks', `${ids.resumed}.report.json`), JSON.stringify(report('resumed', 1)));
    writeFileSync(join(dir, 'files', `${ids.resumed}.pdf`), '%PDF-1.4 half');
    // Died between writing the submitted report and its record; a file without a record; a temp file.
    writeFileSync(join(dir, 'tasks', `${ids.orphanReport}.report.json`), JSON.stringify(report('orphan', 1)));
    writeFileSync(join(dir, 'files', `${ids.orphanFile}.pdf`), '%PDF-1.4 orphan');
    writeFileSync(join(dir, 'tasks', `.${ids.resumed}.json.123.abcd.tmp`), '{"half":');
    // Killed while writing the ledger (seen in CI: the kill -9 test above hit exactly that).
    writeFileSync(join(dir, `.ledger.json.123.beef.tmp`), '{"version": 1, "ke');
    writeFileSync(
      join(dir, 'ledger.json'),
      JSON.stringify({
        version: 1,
        keys: {
          [keyId]: { periodStart: start, periodEnd: start + 30 * day, charges: { [ids.givenUp]: 'single', [ids.resumed]: 'single' } },
        },
      }),
    );

    const service = await startLocalService({
      port: 0,
      dataDir: dir,
      keys: [{ key: KEY, quotaSingle: 5 }],
      renderer: createMinimalRenderer(),
      rateLimit: 0,
    });
    try {
      const get = (path: string) => fetch(`${service.baseUrl}${path}`, { headers: { 'x-api-key': KEY } });
      const given = (await (await get(`/get-task-status?task_id=${ids.givenUp}`)).json()) as { status: string; error_message: string };
      assert.equal(given.status, 'FAILED');
      assert.match(given.error_message, /stopped 2 times/);
      let resumed = { status: 'QUEUED' };
      await waitFor(
        'the resumed task to end',
        async () => {
          resumed = (await (await get(`/get-task-status?task_id=${ids.resumed}`)).json()) as { status: string };
          return resumed.status === 'SUCCESS' || resumed.status === 'FAILED';
        },
        10_000,
        25,
      );
      assert.equal(resumed.status, 'SUCCESS');
      assert.equal((await readPdf(new Uint8Array(await (await get(`/get-report?task_id=${ids.resumed}`)).arrayBuffer()))).pageCount, 1);
      const quota = (await (await get('/get-remaining-quota')).json()) as { remaining_single_page_reports: number };
      assert.equal(quota.remaining_single_page_reports, 4, 'one charge (the resumed task), none for the given-up one');
    } finally {
      await service.stop();
    }
    const ledger = JSON.parse(readFileSync(join(dir, 'ledger.json'), 'utf8')) as {
      keys: Record<string, { charges: Record<string, string> }>;
    };
    assert.deepEqual(ledger.keys[keyId].charges, { [ids.resumed]: 'single' });
    assert.ok(!existsSync(join(dir, 'files', `${ids.givenUp}.pdf`)), 'the given-up task’s file was removed');
    assert.ok(!existsSync(join(dir, 'tasks', `${ids.orphanReport}.report.json`)), 'a submitted report without a record was removed');
    assert.ok(!existsSync(join(dir, 'files', `${ids.orphanFile}.pdf`)), 'a file without a task was removed');
    assert.deepEqual(
      walk(dir).filter((f) => f.endsWith('.tmp')),
      [],
    );
  });
});

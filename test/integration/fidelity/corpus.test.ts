// The fidelity corpus (test/fixtures/fidelity, sources in its SOURCES.md): reports shaped
// like the public material the hosted service accepts. For every file: no error in the
// editor, accepted by the local service over real HTTP, built with the real renderer, every
// string it carries read back from the PDF, no markup printed raw, the page count it was
// designed for, the render notes it should cause (and no others), its images embedded and
// its webhooks delivered as documented. One service for the whole file; builds run a few
// at a time. Each failure names its area (schema / images / render / density / webhooks)
// and the JSON path or value concerned, so the owner of that area can act on it.
import { strict as assert } from 'node:assert';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { editorProblems } from '../../unit/core/schema/jsonLanguageService';
import { startHarness, type Harness } from '../service/helpers';
import { waitFor } from '../../helpers/waitFor';
import { readPdf, allText, type PdfContents } from '../../helpers/pdf';
import { textItems } from '../../helpers/render';
import { imageXObjects } from '../../helpers/imageFixtures';
import type { RenderNote, TaskStatusResponse } from '../../../src/core/api/types';
import { reportSchema } from '../../../src/core/schema/reportSchema';
import { expectedLinks, expectedStrings, found, normalise, pdfLinkTargets, rawMarkup } from './expectedText';
import {
  deadOrigin,
  loadCorpus,
  mapLimit,
  startImageServer,
  startWebhookReceiver,
  withOrigins,
  type CorpusFile,
  type Delivery,
} from './corpus';

const CORPUS = loadCorpus();
/** Builds submitted at once (the service renders 2 at a time). */
const IN_FLIGHT = 3;
const MAX_LISTED = 12;
/** FIDELITY_OUT=<dir>: keep each built PDF and its text there, to look at a failure. */
const DUMP_DIR = process.env.FIDELITY_OUT ? resolve(process.env.FIDELITY_OUT) : undefined;
if (DUMP_DIR) mkdirSync(DUMP_DIR, { recursive: true });

interface Outcome {
  report: Record<string, unknown>;
  submitStatus: number;
  submitBody: string;
  taskId?: string;
  status?: TaskStatusResponse;
  pdf?: Uint8Array;
  contents?: PdfContents;
  error?: string;
}

const pathText = (path: RenderNote['path']): string => path.join('.');
const list = (items: string[]): string =>
  items.slice(0, MAX_LISTED).join('; ') + (items.length > MAX_LISTED ? `; … and ${items.length - MAX_LISTED} more` : '');

function describe422(body: string): string {
  try {
    const detail = (JSON.parse(body) as { detail?: unknown }).detail;
    if (Array.isArray(detail))
      return list(detail.map((d: { loc?: unknown[]; msg?: string; type?: string }) => `${(d.loc ?? []).join('.')}: ${d.msg} (${d.type})`));
    return JSON.stringify(detail);
  } catch {
    return body.slice(0, 300);
  }
}

const IMAGE_WORDS = /image|base64|logo|bg_image|svg|png|jpe?g|gif|webp/i;

describe('fidelity corpus: public report shapes pass the editor and the local service and render with nothing lost', function () {
  this.timeout(300_000);
  let h: Harness;
  let images: Awaited<ReturnType<typeof startImageServer>>;
  let hooks: Awaited<ReturnType<typeof startWebhookReceiver>>;
  const outcomes = new Map<string, Outcome>();

  before(async () => {
    images = await startImageServer();
    hooks = await startWebhookReceiver();
    const live = { images: images.origin, unreachable: await deadOrigin(), webhooks: hooks.origin };
    h = await startHarness({
      renderer: undefined,
      plan: { quotaSingle: 1000, quotaMulti: 1000, maxPages: 20 },
      webhookRetryBaseMs: 50,
      webhookAttempts: 2,
    });
    await mapLimit(CORPUS, IN_FLIGHT, async (file) => {
      const report = withOrigins(file.text, live) as Record<string, unknown>;
      const res = await h.post('/build-report', report);
      const outcome: Outcome = { report, submitStatus: res.status, submitBody: await res.text() };
      outcomes.set(file.name, outcome);
      if (res.status !== 200) return;
      try {
        outcome.taskId = (JSON.parse(outcome.submitBody) as { task_id: string }).task_id;
        outcome.status = await h.waitFor(outcome.taskId);
        if (outcome.status.status !== 'SUCCESS') return;
        const got = await h.api(`/get-report?task_id=${outcome.taskId}`);
        if (got.status !== 200) throw new Error(`get-report answered ${got.status}`);
        outcome.pdf = new Uint8Array(await got.arrayBuffer());
        outcome.contents = await readPdf(outcome.pdf);
        if (DUMP_DIR) {
          writeFileSync(join(DUMP_DIR, file.name.replace(/\.report\.json$/, '.pdf')), outcome.pdf);
          writeFileSync(join(DUMP_DIR, file.name.replace(/\.report\.json$/, '.txt')), outcome.contents.pages.join('\n\f\n'));
        }
      } catch (e) {
        outcome.error = (e as Error).message;
      }
    });
  });

  after(async () => {
    await h?.stop();
    await images?.stop();
    await hooks?.stop();
  });

  it(`has at least 30 reports, each with a designed page count (${CORPUS.length} files)`, () => {
    assert.ok(CORPUS.length >= 30, `only ${CORPUS.length} corpus files`);
  });

  it('uses every component type of the schema and every option spelling of the Accepted table (docs/local-service.md)', () => {
    const reports = CORPUS.map((f) => JSON.parse(f.text) as Record<string, unknown>);
    const facts = new Set(reports.flatMap(optionFacts));
    const types = Object.keys((reportSchema as { definitions: Record<string, unknown> }).definitions).filter((t) => !NOT_COMPONENTS.has(t));
    assert.deepEqual(
      types.filter((t) => !facts.has(`type ${t}`)),
      [],
      'component types no corpus file uses',
    );
    assert.deepEqual(
      FIDELITY_TABLE_1.filter((f) => !facts.has(f)),
      [],
      'shapes of the Accepted table (docs/local-service.md) that no corpus file uses',
    );
    assert.ok(
      reports.some((r) => !('report_title' in ((r.options ?? {}) as object))),
      'no report without options.report_title',
    );
  });

  for (const file of CORPUS) {
    it(file.name, async () => {
      const problems = [...(await editorErrors(file)), ...(await serviceProblems(file, outcomes.get(file.name), hooks.deliveries))];
      assert.equal(problems.length, 0, `${file.name}:\n  - ${problems.join('\n  - ')}`);
    });
  }
});

/** Schema definitions that are not component types. */
const NOT_COMPONENTS = new Set(['coverPageRow', 'component', 'coverPageComponent', 'tablerIcon']);

/** The option shapes of docs/local-service.md, Compatibility → Accepted, as optionFacts() names them. */
const FIDELITY_TABLE_1 = [
  'width "1/2"',
  'width "5/12"',
  'Spacer.space 0.5',
  'VerticalSpacer.space 0.5',
  'Text.headings_margin 4',
  'Table heading cell col_span 2',
  'Table null cell',
  'DoughnutRing.font_size 14',
  'Chart.Timeseries.font_size 16',
  'cover_page.align "end"',
  'config.google_fonts.headings.family',
  'config.google_fonts.paragraph.weight',
  'config.enable_header',
  'config.override_colour_theme.highlighted',
  'Image.text_colour',
  'Image.bg_colour',
  'Image.border_colour',
  'DoughnutRing.background_ring_colour',
  'Chart.Line.curve_format null',
  'Chart.Timeseries.curve_format null',
];

/** What a report uses: component types, options by component, a few exact values. */
function optionFacts(report: Record<string, unknown>): string[] {
  const facts: string[] = [];
  const config = (report.config ?? {}) as Record<string, any>;
  for (const key of Object.keys(config)) facts.push(`config.${key}`);
  for (const role of ['headings', 'paragraph'])
    for (const k of Object.keys(config.google_fonts?.[role] ?? {})) facts.push(`config.google_fonts.${role}.${k}`);
  for (const key of Object.keys(config.override_colour_theme ?? {})) facts.push(`config.override_colour_theme.${key}`);
  const cover = report.cover_page as Record<string, unknown> | null | undefined;
  if (cover?.align) facts.push(`cover_page.align ${JSON.stringify(cover.align)}`);
  const walk = (list: unknown): void => {
    if (!Array.isArray(list)) return;
    for (const c of list as Array<Record<string, any>>) {
      facts.push(`type ${c.type}`);
      for (const [k, v] of Object.entries((c.options ?? {}) as Record<string, unknown>)) {
        facts.push(`${c.type}.${k}`, `${c.type}.${k} ${JSON.stringify(v)}`);
        if (k === 'width') facts.push(`width ${JSON.stringify(v)}`);
      }
      if (c.type === 'Table') {
        for (const h of c.options?.headings ?? [])
          if (h && typeof h === 'object' && h.col_span) facts.push(`Table heading cell col_span ${h.col_span}`);
        for (const row of c.options?.rows ?? []) for (const cell of row) if (cell === null) facts.push('Table null cell');
      }
      walk(c.components);
    }
  };
  walk(cover?.components);
  walk(report.components);
  return facts;
}

/**
 * Problems the editor shows. VS Code reports every schema problem as a warning, so any
 * problem counts, except an unknown icon name (the hosted icon set may differ from the
 * installed one). A `$schema` naming another schema (the Ruby fixture names the hosted
 * one) is left out, so the file is checked against this project's schema as its fileMatch
 * association would.
 */
async function editorErrors(file: CorpusFile): Promise<string[]> {
  const parsed = JSON.parse(file.text) as Record<string, unknown>;
  const foreignSchema = typeof parsed.$schema === 'string' && !parsed.$schema.includes('report.schema.json');
  const text = foreignSchema ? JSON.stringify({ ...parsed, $schema: undefined }, null, 2) : file.text;
  const problems = (await editorProblems(text)).filter((p) => !/^Unknown Tabler icon name/.test(p.message));
  return problems.map(
    (p) => `[schema] editor ${p.severity === 1 ? 'error' : 'warning'} "${p.message.slice(0, 160)}" on ${p.text.slice(0, 80)}`,
  );
}

async function serviceProblems(file: CorpusFile, outcome: Outcome | undefined, deliveries: Delivery[]): Promise<string[]> {
  if (!outcome) return ['[service] the file was never submitted (see the before hook)'];
  if (outcome.submitStatus === 422) return [`[schema] local service answered 422: ${describe422(outcome.submitBody)}`];
  if (outcome.submitStatus !== 200) return [`[service] build-report answered ${outcome.submitStatus}: ${outcome.submitBody.slice(0, 300)}`];
  if (outcome.error) return [`[service] ${outcome.error}`];
  const status = outcome.status!;
  if (status.status !== 'SUCCESS') {
    const message = status.error_message ?? '';
    return [`[${IMAGE_WORDS.test(message) ? 'images' : 'render'}] task ended ${status.status}: ${message}`];
  }
  const exp = file.expectation;
  const contents = outcome.contents!;
  const notes = status.notes ?? [];
  const problems: string[] = [];
  const pdfText = normalise(allText(contents));

  // Pages: a single-page design that spills says where (an overflow note), else just the count.
  const overflow = notes.filter((n) => n.kind === 'overflow');
  if (contents.pageCount !== exp.pages || overflow.length) {
    const area = exp.pages === 1 ? 'density' : 'render';
    const where = overflow.length ? `; overflow at ${overflow.map((n) => `${pathText(n.path)} (${n.message})`).join(', ')}` : '';
    problems.push(`[${area}] ${contents.pageCount} page(s), designed for ${exp.pages}${where}`);
  }

  // Every string the report carries, read back from the PDF.
  const expected = expectedStrings(outcome.report);
  const missing = expected.filter((e) => !found(pdfText, e));
  // Lost on a single page that overflowed: the density of the layout, not the painter.
  const lossArea = overflow.length && exp.pages === 1 ? 'density' : 'render';
  if (missing.length)
    problems.push(
      `[${lossArea}] ${missing.length} of ${expected.length} strings not in the PDF text: ${list(missing.map((m) => `${m.path} = "${m.text.slice(0, 70)}"`))}`,
    );

  const targets = pdfLinkTargets(outcome.pdf!);
  const deadLinks = expectedLinks(outcome.report).filter((l) => !targets.has(l.url));
  if (deadLinks.length)
    problems.push(
      `[render] ${deadLinks.length} link(s) not clickable (no URI annotation): ${list(deadLinks.map((l) => `${l.path} → ${l.url}`))}`,
    );

  for (const raw of rawMarkup(
    pdfText,
    expected.filter((e) => e.literal).map((e) => e.text),
  ))
    problems.push(`[render] raw markup: ${raw}`);
  for (const absent of exp.absent ?? []) if (pdfText.includes(absent)) problems.push(`[render] "${absent}" is printed but must not be`);

  // Render notes: the expected ones present, nothing else (e.g. an image that should have loaded).
  const expectedNotes = exp.notes ?? [];
  for (const want of expectedNotes) {
    if (!notes.some((n) => n.kind === want.kind && (!want.path || pathText(n.path).startsWith(want.path)))) {
      problems.push(
        `[${want.kind === 'image-unavailable' ? 'images' : 'render'}] no "${want.kind}" note${want.path ? ` at ${want.path}` : ''} (notes: ${JSON.stringify(notes)})`,
      );
    }
  }
  const unexpected = notes.filter(
    (n) => n.kind !== 'overflow' && !expectedNotes.some((w) => w.kind === n.kind && (!w.path || pathText(n.path).startsWith(w.path))),
  );
  for (const n of unexpected)
    problems.push(
      `[${n.kind === 'image-unavailable' ? 'images' : 'render'}] unexpected ${n.kind} note at ${pathText(n.path)}: ${n.message}`,
    );

  if (exp.minRasterImages !== undefined) {
    const embedded = imageXObjects(outcome.pdf!);
    if (embedded < exp.minRasterImages)
      problems.push(`[images] ${embedded} image XObject(s) in the PDF, expected at least ${exp.minRasterImages}`);
  }

  problems.push(...(await ringProblems(outcome)));
  problems.push(...(await webhookProblems(outcome, deliveries)));
  return problems;
}

/** The inside titles of the report's DoughnutRings, with their JSON paths (body and cover page). */
function ringTitles(report: Record<string, unknown>): Array<{ path: string; text: string }> {
  const out: Array<{ path: string; text: string }> = [];
  const walk = (list: unknown, at: string) => {
    if (!Array.isArray(list)) return;
    list.forEach((c: Record<string, any>, i) => {
      const path = `${at}[${i}]`;
      const title = c?.options?.inside_title;
      if (c?.type === 'DoughnutRing' && typeof title === 'string' && title.trim()) out.push({ path, text: title.trim() });
      walk(c?.components, `${path}.components`);
    });
  };
  walk(report.components, 'components');
  walk((report.cover_page as Record<string, unknown> | null | undefined)?.components, 'cover_page.components');
  return out;
}

/**
 * A ring fills its area: its inside title is drawn above the 7 pt floor the painter gives a hole
 * too small to read (SDK fractions such as 0.9 read as 0.9 % drew such a ring, the title cut to "7…").
 */
async function ringProblems(outcome: Outcome): Promise<string[]> {
  const titles = ringTitles(outcome.report);
  if (!titles.length) return [];
  const items = await textItems(outcome.pdf!);
  return titles.flatMap(({ path, text }) => {
    const hit = items.find((i) => i.str.trim() === text);
    // A title not printed whole is reported by the strings check.
    return hit && hit.size < 7.5
      ? [`[render] ${path}.options.inside_title "${text}" drawn at ${hit.size.toFixed(1)} pt: the ring is far smaller than its area`]
      : [];
  });
}

/** Each webhook got one POST: the documented body, and `Authorization: Bearer <auth_header>` only when one is set. */
async function webhookProblems(outcome: Outcome, deliveries: Delivery[]): Promise<string[]> {
  const hooks = (outcome.report.config as { webhooks?: Array<{ url: string; auth_header?: string | null }> } | undefined)?.webhooks ?? [];
  if (!hooks.length) return [];
  const pathOf = (url: string): string => new URL(url).pathname;
  const forTask = (): Delivery[] => deliveries.filter((d) => (d.body as { task_id?: string })?.task_id === outcome.taskId);
  // Not reaching the count is a finding below, not an error here.
  await waitFor(`${hooks.length} webhook deliveries`, () => forTask().length >= hooks.length).catch(() => undefined);
  const got = forTask();
  const problems: string[] = [];
  for (const hook of hooks) {
    const mine = got.filter((d) => d.path === pathOf(hook.url));
    if (mine.length !== 1) {
      problems.push(
        `[webhooks] ${pathOf(hook.url)} received ${mine.length} POST(s) for task ${outcome.taskId}, expected 1 (all deliveries: ${JSON.stringify(deliveries.map((d) => d.path))})`,
      );
      continue;
    }
    const d = mine[0];
    const body = d.body as { event?: unknown; task_id?: unknown; url?: unknown };
    const keys = body && typeof body === 'object' ? Object.keys(body).sort().join(',') : typeof body;
    if (keys !== 'event,task_id,url') problems.push(`[webhooks] ${pathOf(hook.url)} body keys ${keys}, documented: event,task_id,url`);
    if (body?.event !== 'report.completed')
      problems.push(`[webhooks] ${pathOf(hook.url)} event ${JSON.stringify(body?.event)}, expected "report.completed"`);
    if (typeof body?.url !== 'string' || !body.url.includes('/get-report') || !body.url.includes(String(outcome.taskId))) {
      problems.push(`[webhooks] ${pathOf(hook.url)} url ${JSON.stringify(body?.url)} is not the get-report URL of the task`);
    }
    const wantAuth = hook.auth_header ? `Bearer ${hook.auth_header}` : undefined;
    if (d.authorization !== wantAuth)
      problems.push(
        `[webhooks] ${pathOf(hook.url)} Authorization ${d.authorization === undefined ? 'absent' : 'present'}, expected ${wantAuth ? 'Bearer <auth_header>' : 'none (auth_header not set)'}`,
      );
  }
  return problems;
}

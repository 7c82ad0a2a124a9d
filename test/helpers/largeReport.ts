/**
 * A large report for the 422 → ranges bench (scripts/bench/loc.ts) and the re-anchoring
 * tests (test/unit/core/loc/anchoringEdits.ts): `total` components (containers included)
 * built from the leaf components of examples/ (KPI cards, text, tables, charts, spark
 * charts, progress bars, spacers), three per Row, a few Rows per Section, as a person lays
 * out a long report; then `errors` faults injected, each of a kind the service reports as
 * exactly one 422 entry, spread evenly through the document.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReportBody, UncheckedComponent } from '../../src/core/report/types';

const ROOT = join(__dirname, '..', '..');
/** Containers and components whose examples are too big to repeat thousands of times. */
const SKIPPED = new Set(['Section', 'Row', 'PageBreak', 'Image', 'Beta.DataTable', 'ScatterChart', 'Chart.Timeseries']);
const LEAVES_PER_ROW = 3;
const ROWS_PER_SECTION = 4;

/** One example of every leaf component type the examples use, in a stable order. */
function leafTemplates(): UncheckedComponent[] {
  const found = new Map<string, UncheckedComponent>();
  const walk = (list: UncheckedComponent[] | undefined): void => {
    for (const c of list ?? []) {
      if (!SKIPPED.has(c.type) && !found.has(c.type)) found.set(c.type, c);
      walk(c.components);
    }
  };
  for (const name of readdirSync(join(ROOT, 'examples'))
    .filter((n) => n.endsWith('.report.json'))
    .sort()) {
    walk((JSON.parse(readFileSync(join(ROOT, 'examples', name), 'utf8')) as ReportBody).components);
  }
  for (const needed of ['Card', 'Text', 'Table', 'Spacer']) if (!found.has(needed)) throw new Error(`locReport: no ${needed} in examples/`);
  return [...found.values()];
}

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** A valid report of exactly `total` components (Sections, Rows and leaves, all counted). */
function validLargeReport(total: number): ReportBody {
  const templates = leafTemplates();
  const components: UncheckedComponent[] = [];
  let count = 0;
  let leafNo = 0;
  const leaf = (): UncheckedComponent => {
    const c = clone(templates[leafNo % templates.length]);
    // Distinct text per copy, as in a real document (and so ranges cannot coincide by accident).
    if (c.type === 'Card' && c.options) c.options.title = `${String(c.options.title)} #${leafNo}`;
    if (c.type === 'Text' && c.options) c.options.text = `${String(c.options.text)} (${leafNo})`;
    leafNo++;
    count++;
    return c;
  };
  for (let s = 0; count < total; s++) {
    const section: UncheckedComponent = { type: 'Section', options: { section_title: `Part ${s + 1}`, columns: 1 }, components: [] };
    count++;
    for (let r = 0; r < ROWS_PER_SECTION && count < total; r++) {
      const row: UncheckedComponent = { type: 'Row', options: { columns: LEAVES_PER_ROW }, components: [] };
      count++;
      for (let l = 0; l < LEAVES_PER_ROW && count < total; l++) row.components!.push(leaf());
      section.components!.push(row);
    }
    components.push(section);
  }
  return {
    type: 'Report',
    options: { report_title: `Large report (${total} components)`, report_byline: 'bench', footer_text: 'loc bench' },
    config: { enable_multi_page: true },
    components: components as ReportBody['components'],
  };
}

/** Every component with its parent list, depth first (document order). */
function allComponents(list: UncheckedComponent[], out: UncheckedComponent[] = []): UncheckedComponent[] {
  for (const c of list) {
    out.push(c);
    if (c.components) allComponents(c.components, out);
  }
  return out;
}

/**
 * Faults that each make the service answer exactly one entry: a missing required option,
 * a wrong type, a value out of range, an unknown enum value, an unknown component type.
 * `apply` returns false when the component is not of a kind the fault fits.
 */
const FAULTS: Array<{ name: string; apply(c: UncheckedComponent): boolean }> = [
  { name: 'Card without value (missing)', apply: (c) => c.type === 'Card' && delete c.options!.value },
  { name: 'Section title a number (string_type)', apply: (c) => c.type === 'Section' && ((c.options!.section_title = 2024), true) },
  { name: 'Row columns "three" (int_parsing)', apply: (c) => c.type === 'Row' && ((c.options!.columns = 'three'), true) },
  { name: 'Text without text (missing)', apply: (c) => c.type === 'Text' && delete c.options!.text },
  { name: 'Spacer space -2 (greater_than_equal)', apply: (c) => c.type === 'Spacer' && ((c.options!.space = -2), true) },
  { name: 'Row align "middle" (enum)', apply: (c) => c.type === 'Row' && ((c.options!.align = 'middle'), true) },
  { name: 'Table rows an object (list_type)', apply: (c) => c.type === 'Table' && ((c.options!.rows = { first: ['a', 1] }), true) },
];

/**
 * The report as pretty-printed JSON with `errors` faults injected, spread evenly over the
 * components: each pick takes the next component (in document order) a fault fits, cycling
 * through the fault kinds.
 */
export function largeReportWithErrors(total: number, errors: number): { text: string; injected: Map<string, number> } {
  const report = validLargeReport(total);
  const list = allComponents(report.components);
  const injected = new Map<string, number>();
  const used = new Set<UncheckedComponent>();
  const stride = list.length / errors;
  for (let i = 0; i < errors; i++) {
    const fault = FAULTS[i % FAULTS.length];
    let k = Math.floor(i * stride);
    for (let tries = 0; tries < list.length; tries++, k = (k + 1) % list.length) {
      const c = list[k];
      if (!used.has(c) && fault.apply(c)) {
        used.add(c);
        injected.set(fault.name, (injected.get(fault.name) ?? 0) + 1);
        break;
      }
      if (tries === list.length - 1) throw new Error(`locReport: nowhere left to inject "${fault.name}"`);
    }
  }
  return { text: JSON.stringify(report, null, 2), injected };
}

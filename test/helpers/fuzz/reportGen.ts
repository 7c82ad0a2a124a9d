/**
 * Random reports that are schema-valid-ish: generated from schemas/report.schema.json
 * (each component's declared options, enums, bounds, item shapes), then bent at the
 * edges — empty arrays, huge and negative numbers, long strings, unknown icons, odd
 * colours, unknown options. For the renderer fuzz: what passes the service's
 * validation, and a little beyond it.
 */
import { COMPONENT_META, COMPONENT_TYPES } from '../../../src/core/report/componentTypes.generated';
import { reportSchema } from '../../../src/core/schema/reportSchema';
import { NASTY_STRINGS, randomNumber, randomString, type Rng } from './fuzzKit';

type Schema = Record<string, unknown>;

const DEFS = (reportSchema as unknown as { definitions: Record<string, Schema> }).definitions;
const LEAVES = COMPONENT_TYPES.filter((t) => !COMPONENT_META[t].container);
const CONTAINERS = COMPONENT_TYPES.filter((t) => COMPONENT_META[t].container);
const WEIRD_COLOURS = [
  '#fff',
  '#12345678',
  '#GGGGGG',
  'rgb(300, -1, 5)',
  'hsl(90deg 50% 50%)',
  'transparent',
  'currentColor',
  'not-a-colour',
  '',
  'accent',
  'custom-3',
  'red',
];
const WEIRD_ICONS = ['no-such-icon-xyz', '', '../../etc/passwd', 'users', 'coin', '😀'];
// A 1×1 PNG: images come from data: URLs only, so the fuzz never touches the network.
const PNG_1x1 = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
const EDGE_URLS = [PNG_1x1, 'data:image/png;base64,AAAA', 'ftp://x/y.png', 'relative/x.png', 'http://127.0.0.1:9/none.png'];
const EDGE_DATES = ['2024-01-31', '2024-13-45', 'yesterday', '1970-01-01T00:00:00Z', ''];

function deref(s: Schema | undefined): Schema {
  let cur = s ?? {};
  for (let i = 0; typeof cur.$ref === 'string' && i < 8; i++) cur = DEFS[(cur.$ref as string).replace('#/definitions/', '')] ?? {};
  return cur;
}

function types(s: Schema): string[] {
  return Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === 'string' ? [s.type] : [];
}

function edgeString(rng: Rng, name: string): string {
  if (/colou?r|bg/.test(name)) return rng.pick(WEIRD_COLOURS);
  if (name === 'icon') return rng.pick(WEIRD_ICONS);
  if (/url|link/.test(name)) return rng.pick(EDGE_URLS);
  if (/date|time/.test(name)) return rng.pick(EDGE_DATES);
  return rng.chance(0.1) ? 'W'.repeat(rng.pick([500, 5000])) : randomString(rng, 30);
}

/** A value for one schema node; mostly valid, sometimes at or past the edges. */
function valueFor(rng: Rng, schemaIn: Schema, name: string, depth: number): unknown {
  const s = deref(schemaIn);
  const edge = rng.chance(0.15);
  if (Array.isArray(s.enum)) {
    if (name === 'icon' || edge) return rng.chance(0.5) ? rng.pick(s.enum as unknown[]) : edgeString(rng, name);
    return rng.pick(s.enum as unknown[]);
  }
  if ('const' in s) return s.const;
  const ts = types(s).filter((t) => t !== 'null');
  if (types(s).includes('null') && rng.chance(0.1)) return null;
  const t = ts.length ? rng.pick(ts) : 'string';
  switch (t) {
    case 'integer':
    case 'number': {
      const min = typeof s.minimum === 'number' ? s.minimum : -1000;
      const max = typeof s.maximum === 'number' ? s.maximum : 1e6;
      if (edge) return t === 'integer' ? rng.pick([min, max, 0, 2 ** 31, -(2 ** 31), Number.MAX_SAFE_INTEGER]) : randomNumber(rng);
      const v = min + rng.next() * Math.min(max - min, 1e6);
      return t === 'integer' ? Math.round(v) : Math.round(v * 100) / 100;
    }
    case 'boolean':
      return rng.chance(0.5);
    case 'array': {
      if (depth > 4) return [];
      const n = edge ? rng.pick([0, 0, 1, 200]) : rng.int(0, 6);
      return Array.from({ length: n }, () => valueFor(rng, (s.items as Schema) ?? {}, name, depth + 1));
    }
    case 'object':
      return objectFor(rng, s, depth + 1);
    default:
      return edge || /colou?r|bg|icon|url|link|date|time/.test(name) ? edgeString(rng, name) : randomString(rng, 24);
  }
}

function objectFor(rng: Rng, s: Schema, depth: number): Record<string, unknown> {
  const props = (s.properties ?? {}) as Record<string, Schema>;
  const required = new Set((s.required as string[] | undefined) ?? []);
  const out: Record<string, unknown> = {};
  if (depth > 5) return out;
  for (const [k, p] of Object.entries(props)) {
    if (required.has(k) ? rng.chance(0.97) : rng.chance(0.45)) out[k] = valueFor(rng, p, k, depth);
  }
  if (rng.chance(0.1)) out[`unknown_${rng.int(0, 99)}`] = randomString(rng);
  return out;
}

function randomComponent(rng: Rng, depth: number): Record<string, unknown> {
  const container = depth < 3 && rng.chance(0.25);
  const type = container ? rng.pick(CONTAINERS) : rng.pick(LEAVES);
  const def = DEFS[type];
  const optionsSchema = ((def.properties as Record<string, Schema>).options ?? {}) as Schema;
  const component: Record<string, unknown> = { type };
  if (Object.keys(optionsSchema).length) component.options = objectFor(rng, deref(optionsSchema), 1);
  if (type === 'Image' && component.options && rng.chance(0.7)) (component.options as Record<string, unknown>).image_url = PNG_1x1;
  if (container) component.components = Array.from({ length: rng.pick([0, 1, 2, 3, 5]) }, () => randomComponent(rng, depth + 1));
  return component;
}

const TOP = reportSchema.properties as unknown as Record<string, Schema>;

/** A whole report: options, config (no cloud storage, no webhooks), maybe a cover page, components. */
export function randomReport(rng: Rng): Record<string, unknown> {
  const config = objectFor(rng, deref(TOP.config), 1);
  delete config.cloud_storage;
  delete config.webhooks;
  delete config.google_fonts;
  if (typeof config.n_pages === 'number') config.n_pages = Math.min(Math.max(1, config.n_pages), 3);
  const options = objectFor(rng, deref(TOP.options), 1);
  if (typeof options.logo_url === 'string' && !options.logo_url.startsWith('data:')) options.logo_url = PNG_1x1;
  const report: Record<string, unknown> = {
    type: 'Report',
    options,
    config,
    components: Array.from({ length: rng.pick([0, 1, 2, 3, 4, 6]) }, () => randomComponent(rng, 0)),
  };
  if (rng.chance(0.25)) {
    const cover = objectFor(rng, deref(TOP.cover_page), 1);
    if (typeof cover.bg_image === 'string') cover.bg_image = PNG_1x1;
    cover.components = Array.from({ length: rng.int(0, 3) }, () => ({ type: 'Text', options: { text: randomString(rng, 40) } }));
    report.cover_page = cover;
  }
  return report;
}

/**
 * The kinds of option value the generator bends (each edge value the renderer parses apart:
 * colours, icons, image URLs, dates), each a feature name of reportFeatures(); with the component
 * types, what `npm test`'s slice of the renderer fuzz must still reach.
 */
export const OPTION_KINDS: readonly string[] = [
  'unknown option',
  'null',
  'boolean',
  'integer',
  'fraction',
  'negative number',
  'number past 2^31',
  'empty array',
  'array of 100 or more',
  'string of 500 or more',
  'nasty string',
  'cover page',
  ...WEIRD_COLOURS.map((c) => `colour ${JSON.stringify(c)}`),
  ...WEIRD_ICONS.map((i) => `icon ${JSON.stringify(i)}`),
  ...EDGE_URLS.map((u) => `url ${JSON.stringify(u.slice(0, 24))}`),
  ...EDGE_DATES.map((d) => `date ${JSON.stringify(d)}`),
];

/** What a generated report exercises: `type <T>` for each component type, and the OPTION_KINDS its values are. */
export function reportFeatures(report: Record<string, unknown>): Set<string> {
  const out = new Set<string>();
  const value = (name: string, v: unknown): void => {
    if (v === null) out.add('null');
    else if (typeof v === 'boolean') out.add('boolean');
    else if (typeof v === 'number') {
      out.add(Number.isInteger(v) ? 'integer' : 'fraction');
      if (v < 0) out.add('negative number');
      if (Math.abs(v) >= 2 ** 31) out.add('number past 2^31');
    } else if (typeof v === 'string') {
      if (v.length >= 500) out.add('string of 500 or more');
      if (NASTY_STRINGS.includes(v)) out.add('nasty string');
      if (/colou?r|bg/.test(name) && WEIRD_COLOURS.includes(v)) out.add(`colour ${JSON.stringify(v)}`);
      if (name === 'icon' && WEIRD_ICONS.includes(v)) out.add(`icon ${JSON.stringify(v)}`);
      if (/url|link/.test(name) && EDGE_URLS.includes(v)) out.add(`url ${JSON.stringify(v.slice(0, 24))}`);
      if (/date|time/.test(name) && EDGE_DATES.includes(v)) out.add(`date ${JSON.stringify(v)}`);
    } else if (Array.isArray(v)) {
      if (!v.length) out.add('empty array');
      if (v.length >= 100) out.add('array of 100 or more');
      for (const item of v) value(name, item);
    } else if (v && typeof v === 'object') {
      for (const [k, item] of Object.entries(v)) {
        if (k.startsWith('unknown_')) out.add('unknown option');
        if (k !== 'components') value(k, item);
      }
    }
  };
  const component = (c: Record<string, unknown>): void => {
    out.add(`type ${String(c.type)}`);
    value('options', c.options);
    for (const child of (c.components as Array<Record<string, unknown>> | undefined) ?? []) component(child);
  };
  value('options', report.options);
  value('config', report.config);
  if (report.cover_page) {
    out.add('cover page');
    value('cover_page', report.cover_page);
  }
  for (const c of report.components as Array<Record<string, unknown>>) component(c);
  return out;
}

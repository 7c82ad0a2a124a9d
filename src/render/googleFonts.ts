/**
 * `config.google_fonts` (typography theme `google-fonts`) → the font files to embed.
 *
 * Two shapes occur: the newer SDK's `{headings: {family, weight}, paragraph:
 * {family, weight}}` and the older `{role: "Family"}` (roles `headings` and
 * `paragraph`, also spelt `body`/`text` and `heading`/`title`). Nothing can be
 * downloaded offline, so a family is used when the renderer bundles it
 * (assets/fonts: the families of the typography themes, plus Liberation Sans),
 * at the bundled weight nearest the one asked (400 and 700 for most families).
 * Otherwise that role keeps the theme's font (Liberation Sans, as `google-fonts`
 * without fonts) and a `font-fallback` note says so; the service logs it.
 */
import type { RenderNote } from '../core/api/types';
import { FALLBACK_FILES, type FontFamilySpec, type FontStyle } from './fonts';
import { allFontFiles, typographySpec } from './typography';

type Role = 'headings' | 'paragraph';

const ROLE_NAMES: Record<string, Role> = {
  headings: 'headings',
  heading: 'headings',
  headline: 'headings',
  headlines: 'headings',
  title: 'headings',
  titles: 'headings',
  paragraph: 'paragraph',
  paragraphs: 'paragraph',
  body: 'paragraph',
  text: 'paragraph',
};

const DEFAULT_WEIGHT: Record<Role, number> = { headings: 700, paragraph: 400 };

const WEIGHT_NAMES: Record<string, number> = {
  thin: 100,
  hairline: 100,
  extralight: 200,
  ultralight: 200,
  light: 300,
  normal: 400,
  regular: 400,
  book: 400,
  medium: 500,
  semibold: 600,
  demibold: 600,
  bold: 700,
  extrabold: 800,
  ultrabold: 800,
  black: 900,
  heavy: 900,
};

/** One bundled face: file relative to assets/fonts. */
interface Face {
  weight: number;
  italic: boolean;
  file: string;
}

/** Bundled families by slug ("Source Sans 3" → "source-sans-3"), from the files the build ships. */
function bundledFamilies(): Map<string, Face[]> {
  const map = new Map<string, Face[]>();
  const add = (slug: string, face: Face) => {
    const faces = map.get(slug) ?? [];
    if (!faces.some((f) => f.file === face.file)) faces.push(face);
    map.set(slug, faces);
  };
  for (const file of allFontFiles()) {
    const m = /^([a-z0-9-]+)\/\1-latin-(\d{3})-(normal|italic)\.woff$/.exec(file);
    if (m) add(m[1], { weight: Number(m[2]), italic: m[3] === 'italic', file });
  }
  const lib: Array<[FontStyle, number, boolean]> = [
    ['regular', 400, false],
    ['bold', 700, false],
    ['italic', 400, true],
    ['boldItalic', 700, true],
  ];
  for (const [style, weight, italic] of lib) add('liberation-sans', { weight, italic, file: FALLBACK_FILES[style] });
  return map;
}

let families: Map<string, Face[]> | undefined;

function familySlug(family: string): string {
  return family
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** "600", 600, "bold", "700italic" → a CSS weight; undefined when unreadable. */
function parseWeight(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return Math.max(1, Math.min(1000, v));
  if (typeof v !== 'string') return undefined;
  const s = v
    .trim()
    .toLowerCase()
    .replace(/italic$/, '')
    .replace(/[\s_-]/g, '');
  if (s === '') return v.trim().toLowerCase() === 'italic' ? 400 : undefined;
  if (/^\d+(\.\d+)?$/.test(s)) return parseWeight(Number(s));
  return Object.hasOwn(WEIGHT_NAMES, s) ? WEIGHT_NAMES[s] : undefined;
}

/** The face nearest `weight` (ties: the heavier), among upright or italic faces. */
function nearest(faces: Face[], weight: number, italic: boolean): Face | undefined {
  const pool = faces.filter((f) => f.italic === italic);
  let best: Face | undefined;
  for (const f of pool) {
    const d = Math.abs(f.weight - weight);
    const bd = best ? Math.abs(best.weight - weight) : Infinity;
    if (d < bd || (d === bd && best && f.weight > best.weight)) best = f;
  }
  return best;
}

interface Request {
  key: string;
  role?: Role;
  family?: string;
  weight?: number;
}

function readRequests(raw: Record<string, unknown>): Request[] {
  return Object.entries(raw).map(([key, value]) => {
    const role = Object.hasOwn(ROLE_NAMES, key.trim().toLowerCase()) ? ROLE_NAMES[key.trim().toLowerCase()] : undefined;
    if (typeof value === 'string') return { key, role, family: value.trim() || undefined };
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const v = value as Record<string, unknown>;
      return {
        key,
        role,
        family: typeof v.family === 'string' && v.family.trim() ? v.family.trim() : undefined,
        weight: parseWeight(v.weight),
      };
    }
    return { key, role };
  });
}

/**
 * The font files for a report: its typography theme, with the `google_fonts` roles
 * applied when that theme is `google-fonts`. Notes go to `notes`.
 */
export function reportFontSpec(config: Record<string, unknown>, notes: RenderNote[]): FontFamilySpec {
  const themeName = typeof config.typography_theme === 'string' ? config.typography_theme : undefined;
  const base = typographySpec(themeName);
  const raw = config.google_fonts;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return base;
  const requests = readRequests(raw as Record<string, unknown>).filter((r) => r.family);
  if (requests.length === 0) return base;
  if (themeName !== 'google-fonts') {
    notes.push({
      kind: 'font-fallback',
      path: ['config', 'google_fonts'],
      message: `config.google_fonts is used only with "typography_theme": "google-fonts" (this report uses "${themeName ?? 'default'}"), so its fonts were not applied`,
    });
    return base;
  }
  families ??= bundledFamilies();
  const spec: FontFamilySpec = { ...base };
  for (const r of requests) {
    const path = ['config', 'google_fonts', r.key];
    if (!r.role) {
      notes.push({
        kind: 'font-fallback',
        path,
        message: `"${r.key}" is not a font role (use "headings" or "paragraph"); ${r.family} was not applied`,
      });
      continue;
    }
    const faces = families.get(familySlug(r.family!));
    if (!faces) {
      notes.push({
        kind: 'font-fallback',
        path,
        message: `Google font "${r.family}" is not bundled with the local renderer (fonts cannot be downloaded offline); the ${r.role} use the theme's font (Liberation Sans) here. The hosted service loads it from Google Fonts.`,
      });
      continue;
    }
    const weight = r.weight ?? DEFAULT_WEIGHT[r.role];
    const upright = nearest(faces, weight, false) ?? nearest(faces, weight, true)!;
    if (r.role === 'headings') {
      spec.heading = upright.file;
      spec.headingStyle = upright.weight >= 600 ? 'bold' : 'regular';
    } else {
      const bold = nearest(faces, Math.max(700, weight), false) ?? upright;
      spec.regular = upright.file;
      spec.bold = bold.file;
      // Families without italics keep Liberation Sans italics, so emphasis stays visible.
      spec.italic = nearest(faces, weight, true)?.file ?? FALLBACK_FILES.italic;
      spec.boldItalic = nearest(faces, Math.max(700, weight), true)?.file ?? FALLBACK_FILES.boldItalic;
    }
  }
  return spec;
}

/**
 * Colour themes (`config.colour_theme`; the names in src/catalogue/themes.ts) →
 * the 15 colour variables, with the override_colour_theme / override_color_theme
 * keys applied, and colour-option resolution (variable name, hex, rgb(), CSS name).
 */
import type { ColourTheme } from '../catalogue';
import { CSS_COLOURS } from './cssColours';
import type { RenderTheme, ThemeFonts } from './painter';

/** The hand-picked colours of a theme; the rest are derived (tints of accent/headline). */
interface ThemeSeed {
  headline: string;
  subHeadline: string;
  accent: string;
  paragraph: string;
  highlight: string;
  highlightText: string;
  custom: [string, string, string];
}

/** Keyed by the catalogue's theme names: a theme added there and not here fails to compile. */
const SEEDS: Record<ColourTheme, ThemeSeed> = {
  default: {
    headline: '#1e293b',
    subHeadline: '#64748b',
    accent: '#4f46e5',
    paragraph: '#334155',
    highlight: '#1e1b4b',
    highlightText: '#ffffff',
    custom: ['#0ea5e9', '#f59e0b', '#10b981'],
  },
  summer: {
    headline: '#7c2d12',
    subHeadline: '#9a6a4f',
    accent: '#f97316',
    paragraph: '#44403c',
    highlight: '#fb923c',
    highlightText: '#ffffff',
    custom: ['#facc15', '#14b8a6', '#e11d48'],
  },
  forest: {
    headline: '#14532d',
    subHeadline: '#4d7c5f',
    accent: '#15803d',
    paragraph: '#1f2937',
    highlight: '#166534',
    highlightText: '#f0fdf4',
    custom: ['#a16207', '#65a30d', '#0f766e'],
  },
  corporate: {
    headline: '#0f172a',
    subHeadline: '#64748b',
    accent: '#1d4ed8',
    paragraph: '#334155',
    highlight: '#0f172a',
    highlightText: '#ffffff',
    custom: ['#0891b2', '#94a3b8', '#f59e0b'],
  },
  ember: {
    headline: '#431407',
    subHeadline: '#9a3412',
    accent: '#ea580c',
    paragraph: '#292524',
    highlight: '#7c2d12',
    highlightText: '#fff7ed',
    custom: ['#dc2626', '#f59e0b', '#78716c'],
  },
  twilight: {
    headline: '#2e1065',
    subHeadline: '#6d5a99',
    accent: '#7c3aed',
    paragraph: '#312e81',
    highlight: '#4c1d95',
    highlightText: '#f5f3ff',
    custom: ['#db2777', '#2563eb', '#f59e0b'],
  },
  'key-lime': {
    headline: '#1a2e05',
    subHeadline: '#5b6b3a',
    accent: '#65a30d',
    paragraph: '#27272a',
    highlight: '#3f6212',
    highlightText: '#f7fee7',
    custom: ['#ca8a04', '#0d9488', '#84cc16'],
  },
  purples: {
    headline: '#3b0764',
    subHeadline: '#7e5a9b',
    accent: '#9333ea',
    paragraph: '#3f3f46',
    highlight: '#581c87',
    highlightText: '#faf5ff',
    custom: ['#c026d3', '#6366f1', '#f472b6'],
  },
  neon: {
    headline: '#0f172a',
    subHeadline: '#475569',
    accent: '#06b6d4',
    paragraph: '#1e293b',
    highlight: '#0f172a',
    highlightText: '#67e8f9',
    custom: ['#d946ef', '#84cc16', '#f43f5e'],
  },
  candy: {
    headline: '#831843',
    subHeadline: '#a35c7e',
    accent: '#ec4899',
    paragraph: '#3f3f46',
    highlight: '#f472b6',
    highlightText: '#ffffff',
    custom: ['#8b5cf6', '#38bdf8', '#fbbf24'],
  },
  electric: {
    headline: '#082f49',
    subHeadline: '#3f6b85',
    accent: '#0284c7',
    paragraph: '#1e293b',
    highlight: '#0c4a6e',
    highlightText: '#fde047',
    custom: ['#facc15', '#22d3ee', '#a855f7'],
  },
  royal: {
    headline: '#1e1b4b',
    subHeadline: '#5b5a8a',
    accent: '#4338ca',
    paragraph: '#312e81',
    highlight: '#312e81',
    highlightText: '#fde68a',
    custom: ['#ca8a04', '#7c3aed', '#0f766e'],
  },
  crimson: {
    headline: '#4c0519',
    subHeadline: '#8f4a5b',
    accent: '#be123c',
    paragraph: '#292524',
    highlight: '#881337',
    highlightText: '#fff1f2',
    custom: ['#f97316', '#64748b', '#e11d48'],
  },
  surfboard: {
    headline: '#134e4a',
    subHeadline: '#4f7f7a',
    accent: '#0d9488',
    paragraph: '#1f2937',
    highlight: '#115e59',
    highlightText: '#f0fdfa',
    custom: ['#f97316', '#0ea5e9', '#eab308'],
  },
};

export const COLOUR_THEMES = Object.keys(SEEDS) as ColourTheme[];

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
/** Separators are a comma with optional spaces, or spaces: no two quantifiers compete for the same spaces (linear). */
const RGB = /^rgba?\(\s*(\d{1,3})(?:\s*,\s*|\s+)(\d{1,3})(?:\s*,\s*|\s+)(\d{1,3})/i;

function toHex(r: number, g: number, b: number): string {
  return (
    '#' +
    [r, g, b]
      .map((v) =>
        Math.max(0, Math.min(255, Math.round(v)))
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')
  );
}

/** '#rrggbb' → [r, g, b]. */
function rgbOf(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1, 7), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Mixes `a` toward `b` by t (0 = a, 1 = b). */
export function mix(a: string, b: string, t: number): string {
  const [r1, g1, b1] = rgbOf(a);
  const [r2, g2, b2] = rgbOf(b);
  return toHex(r1 + (r2 - r1) * t, g1 + (g2 - g1) * t, b1 + (b2 - b1) * t);
}

/** Relative luminance 0..1, to pick readable text on a background. */
export function luminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * `map[key]` for own keys only: colour names come from the report, and "toString" or
 * "constructor" must not find Object.prototype's functions (they broke rendering).
 */
function own(map: Record<string, string>, key: string): string | undefined {
  return Object.hasOwn(map, key) ? map[key] : undefined;
}

/** A literal colour (hex, rgb(), CSS name) → '#rrggbb', or undefined. */
export function parseColourLiteral(value: string): string | undefined {
  const v = value.trim().toLowerCase();
  if (HEX.test(v)) {
    const h = v.slice(1);
    if (h.length <= 4)
      return (
        '#' +
        h
          .slice(0, 3)
          .split('')
          .map((c) => c + c)
          .join('')
      );
    return '#' + h.slice(0, 6);
  }
  const m = RGB.exec(v);
  if (m) return toHex(Number(m[1]), Number(m[2]), Number(m[3]));
  return own(CSS_COLOURS, v);
}

/** The theme variables a colour theme picks by hand; every other one is derived from these. */
const SEED_KEYS = [
  'headline',
  'sub-headline',
  'accent',
  'paragraph',
  'highlight',
  'highlight-text',
  'custom-1',
  'custom-2',
  'custom-3',
  'background',
] as const;

/** The derived tints: of `accent`/`headline` toward the page `background`. */
function tints(headline: string, accent: string, background: string): Record<string, string> {
  return {
    'background-muted': mix(headline, background, 0.93),
    'background-subtle': mix(accent, background, 0.95),
    'light-background': mix(accent, background, 0.9),
    'background-faded': mix(accent, background, 0.8),
  };
}

function coloursOf(seed: ThemeSeed, background = '#ffffff'): Record<string, string> {
  return {
    headline: seed.headline,
    'sub-headline': seed.subHeadline,
    accent: seed.accent,
    paragraph: seed.paragraph,
    'background-default': '#ffffff',
    ...tints(seed.headline, seed.accent, background),
    highlight: seed.highlight,
    'highlight-text': seed.highlightText,
    background,
    'custom-1': seed.custom[0],
    'custom-2': seed.custom[1],
    'custom-3': seed.custom[2],
  };
}

/** An override object's usable entries: key in our spelling ('sub_headline' → 'sub-headline'), value a string. */
function overrideEntries(overrides: Record<string, unknown> | undefined): Array<[string, string]> {
  if (!overrides || typeof overrides !== 'object' || Array.isArray(overrides)) return [];
  return Object.entries(overrides).flatMap(([key, raw]) =>
    typeof raw === 'string' && raw.trim() ? [[key.replace(/_/g, '-'), raw] as [string, string]] : [],
  );
}

/**
 * Applies `overrides` to `colours` in two steps, so that nothing derived from the
 * theme still shows the theme's own colours: the hand-picked variables first
 * (their values may name a variable of `colours`), then the tints are derived
 * again from the new headline/accent/background, then explicit tints win.
 */
function applyOverrides(colours: Record<string, string>, overrides: Record<string, unknown> | undefined): Record<string, string> {
  const before = { ...colours };
  const out = { ...colours };
  const entries = overrideEntries(overrides);
  const value = (raw: string, table: Record<string, string>) =>
    parseColourLiteral(raw) ?? own(table, raw.trim()) ?? own(table, raw.trim().toLowerCase());
  let seedChanged = false;
  for (const [k, raw] of entries) {
    if (!(SEED_KEYS as readonly string[]).includes(k)) continue;
    const v = value(raw, before);
    if (v) {
      out[k] = v;
      seedChanged = true;
    }
  }
  if (seedChanged) Object.assign(out, tints(out.headline, out.accent, out.background));
  for (const [k, raw] of entries) {
    if ((SEED_KEYS as readonly string[]).includes(k) || !Object.hasOwn(out, k)) continue;
    const v = value(raw, out);
    if (v) out[k] = v;
  }
  return out;
}

function themeOf(colours: Record<string, string>, fonts: ThemeFonts): RenderTheme {
  const resolveColour = (value: string | null | undefined, fallback: string): string => {
    if (typeof value === 'string' && value.trim()) {
      const v = value.trim();
      const hit = own(colours, v) ?? own(colours, v.toLowerCase()) ?? parseColourLiteral(v);
      if (hit) return hit;
    }
    return own(colours, fallback) ?? parseColourLiteral(fallback) ?? '#000000';
  };
  return { colours, fonts, resolveColour };
}

/**
 * Builds the render theme. Unknown theme names fall back to `default` (the schema
 * rejects them before rendering); override values may be variables or literals.
 * `override_colour_theme.highlighted` (nested colours, as in the official
 * custom-colour-theme sample) gives the colours inside highlighted sections:
 * that scope starts from the report's colours with `background` = the section's
 * panel (`light-background`), then takes the nested overrides the same way.
 */
export function buildTheme(themeName: string | undefined, overrides: Record<string, unknown> | undefined, fonts: ThemeFonts): RenderTheme {
  const seed = themeName !== undefined && Object.hasOwn(SEEDS, themeName) ? SEEDS[themeName as ColourTheme] : SEEDS.default;
  const colours = applyOverrides(coloursOf(seed), overrides);
  const theme = themeOf(colours, fonts);
  const nested = overrides && typeof overrides === 'object' ? (overrides as Record<string, unknown>).highlighted : undefined;
  const scope = applyOverrides({ ...colours, background: colours['light-background'] }, nested as Record<string, unknown> | undefined);
  theme.highlighted = themeOf(scope, fonts);
  return theme;
}

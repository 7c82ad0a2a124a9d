/**
 * Typography themes (config.typography_theme) → embedded OFL fonts in assets/fonts
 * (Latin subsets of the Google Fonts families, from Fontsource, as WOFF — fontkit
 * embeds WOFF; its WOFF2 path fails on composite glyphs). Body text uses the
 * family's four styles, titles the heading face. Any string a face cannot draw
 * (Greek, Cyrillic, Latin Extended, symbols) falls back to Liberation Sans of the
 * same style (fonts.ts), which covers Latin-1/Extended, Greek and Cyrillic.
 * `default` is Liberation Sans itself, so the default theme has that coverage
 * natively. `google-fonts` (fonts named in config.google_fonts) cannot be fetched
 * offline and renders with the default theme.
 */
import type { TypographyTheme } from '../catalogue';
import { FALLBACK_FILES, type FontFamilySpec, type FontStyle } from './fonts';

function family(dir: string, opts: { italics?: boolean; heading?: string; headingStyle?: FontStyle } = {}): FontFamilySpec {
  const f = (w: 400 | 700, style: 'normal' | 'italic') => `${dir}/${dir}-latin-${w}-${style}.woff`;
  const italics = opts.italics !== false;
  return {
    regular: f(400, 'normal'),
    bold: f(700, 'normal'),
    // Families without italics use Liberation Sans Italic so emphasis stays visible.
    italic: italics ? f(400, 'italic') : FALLBACK_FILES.italic,
    boldItalic: italics ? f(700, 'italic') : FALLBACK_FILES.boldItalic,
    heading: opts.heading ?? f(700, 'normal'),
    headingStyle: opts.headingStyle ?? 'bold',
  };
}

const liberation: FontFamilySpec = { ...FALLBACK_FILES, heading: FALLBACK_FILES.bold, headingStyle: 'bold' };

/** Keyed by the catalogue's theme names: a theme added there and not here fails to compile. */
const THEMES: Record<TypographyTheme, FontFamilySpec> = {
  default: liberation,
  geometric: family('poppins'),
  slab: family('zilla-slab'),
  grotesque: family('work-sans', { heading: 'space-grotesk/space-grotesk-latin-700-normal.woff' }),
  jost: family('jost'),
  looped: family('nunito'),
  newspaper: family('pt-serif', { heading: 'playfair-display/playfair-display-latin-700-normal.woff' }),
  'albert-barlow': family('barlow', { heading: 'albert-sans/albert-sans-latin-700-normal.woff' }),
  'abril-lato': family('lato', { heading: 'abril-fatface/abril-fatface-latin-400-normal.woff', headingStyle: 'regular' }),
  'fjalla-source': family('source-sans-3', { heading: 'fjalla-one/fjalla-one-latin-400-normal.woff', headingStyle: 'regular' }),
  'raleway-lora': family('lora', { heading: 'raleway/raleway-latin-700-normal.woff' }),
  'bebas-montserrat': family('montserrat', { heading: 'bebas-neue/bebas-neue-latin-400-normal.woff', headingStyle: 'regular' }),
  jakarta: family('plus-jakarta-sans'),
  'ibm-plex': family('ibm-plex-sans'),
  outfit: family('outfit', { italics: false }),
  'prompt-inter': family('inter', { heading: 'prompt/prompt-latin-700-normal.woff' }),
  urbanist: family('urbanist'),
  'google-fonts': liberation,
};

export const TYPOGRAPHY_THEMES = Object.keys(THEMES) as TypographyTheme[];

export function typographySpec(theme: string | undefined): FontFamilySpec {
  // Own keys only: "toString" must not find Object.prototype's function.
  return theme !== undefined && Object.hasOwn(THEMES, theme) ? THEMES[theme as TypographyTheme] : THEMES.default;
}

/** Every font file the themes use (the build ships exactly these; a test checks they exist). */
export function allFontFiles(): string[] {
  const files = new Set<string>();
  for (const spec of Object.values(THEMES))
    for (const k of ['regular', 'bold', 'italic', 'boldItalic', 'heading'] as const) files.add(spec[k]);
  return [...files].sort();
}

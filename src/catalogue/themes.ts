// The built-in themes (`config.colour_theme`, `config.typography_theme`): their names and
// hover text, and the colour words the quick fixes suggest them for. The renderer's theme
// tables (src/render/theme.ts, typography.ts) are keyed by these names, so a theme added
// here and not drawn there fails to compile.
import type { Pairs } from './vocabulary';

// N types.ts ColorTheme; S (candy, default), R and both SDK tests (forest).
const COLOUR_THEME_NAMES = [
  'default',
  'summer',
  'forest',
  'corporate',
  'ember',
  'twilight',
  'key-lime',
  'purples',
  'neon',
  'candy',
  'electric',
  'royal',
  'crimson',
  'surfboard',
] as const;
export type ColourTheme = (typeof COLOUR_THEME_NAMES)[number];

export const COLOUR_THEMES: Pairs<ColourTheme> = COLOUR_THEME_NAMES.map(
  (name) =>
    [
      name,
      `Built-in colour theme "${name}"${name === 'default' ? ' (the default)' : ''}: sets headline, accent, highlight and background colours.`,
    ] as const,
);

// N types.ts TypographyTheme; S (grotesque, jost), R and both SDK tests (newspaper).
export const TYPOGRAPHY_THEMES = [
  ['default', 'Clean sans-serif (the default).'],
  ['geometric', 'Geometric sans-serif.'],
  ['slab', 'Slab-serif headings.'],
  ['grotesque', 'Grotesque sans-serif.'],
  ['jost', 'Jost throughout.'],
  ['looped', 'Rounded, looped letterforms.'],
  ['newspaper', 'Classic newspaper serif.'],
  ['albert-barlow', 'Albert Sans headings, Barlow body.'],
  ['abril-lato', 'Abril Fatface headings, Lato body.'],
  ['fjalla-source', 'Fjalla One headings, Source Sans body.'],
  ['raleway-lora', 'Raleway headings, Lora body.'],
  ['bebas-montserrat', 'Bebas Neue headings, Montserrat body.'],
  ['jakarta', 'Plus Jakarta Sans throughout.'],
  ['ibm-plex', 'IBM Plex Sans throughout.'],
  ['outfit', 'Outfit throughout.'],
  ['prompt-inter', 'Prompt headings, Inter body.'],
  ['urbanist', 'Urbanist throughout.'],
  ['google-fonts', 'Your own Google Fonts, named in `config.google_fonts`.'],
] as const;
export type TypographyTheme = (typeof TYPOGRAPHY_THEMES)[number][0];

/**
 * Colour words → the built-in themes whose accent has that hue (src/render/theme.ts), best
 * first: good suggestions for `"colour_theme": "blue"`, never applied without asking.
 */
export const COLOUR_THEME_WORDS: Readonly<Record<string, readonly ColourTheme[]>> = {
  blue: ['corporate', 'royal', 'electric'],
  navy: ['corporate', 'royal'],
  indigo: ['royal', 'default'],
  cyan: ['neon', 'electric'],
  teal: ['surfboard'],
  ocean: ['surfboard', 'electric'],
  sea: ['surfboard', 'electric'],
  green: ['forest', 'key-lime'],
  lime: ['key-lime'],
  red: ['crimson', 'ember'],
  orange: ['ember', 'summer'],
  yellow: ['summer'],
  purple: ['purples', 'twilight'],
  violet: ['twilight', 'purples'],
  pink: ['candy'],
  dark: ['twilight', 'corporate'],
  bright: ['neon', 'electric'],
  business: ['corporate'],
};

/**
 * The categorical colour schemes a chart's `color_scheme` may name, with the
 * exact hex values of d3-scale-chromatic (ColorBrewer schemes, Category10 from
 * d3-scale, Tableau10). Data, not logic: copied from the d3 definitions.
 */
import type { RenderTheme } from '../painter';

function hexes(packed: string): readonly string[] {
  const out: string[] = [];
  for (let i = 0; i < packed.length; i += 6) out.push('#' + packed.slice(i, i + 6));
  return Object.freeze(out);
}

export const COLOUR_SCHEMES: Readonly<Record<string, readonly string[]>> = Object.freeze({
  Category10: hexes('1f77b4ff7f0e2ca02cd627289467bd8c564be377c27f7f7fbcbd2217becf'),
  Accent: hexes('7fc97fbeaed4fdc086ffff99386cb0f0027fbf5b17666666'),
  Dark2: hexes('1b9e77d95f027570b3e7298a66a61ee6ab02a6761d666666'),
  Paired: hexes('a6cee31f78b4b2df8a33a02cfb9a99e31a1cfdbf6fff7f00cab2d66a3d9affff99b15928'),
  Pastel1: hexes('fbb4aeb3cde3ccebc5decbe4fed9a6ffffcce5d8bdfddaecf2f2f2'),
  Pastel2: hexes('b3e2cdfdcdaccbd5e8f4cae4e6f5c9fff2aef1e2cccccccc'),
  Set1: hexes('e41a1c377eb84daf4a984ea3ff7f00ffff33a65628f781bf999999'),
  Set2: hexes('66c2a5fc8d628da0cbe78ac3a6d854ffd92fe5c494b3b3b3'),
  Set3: hexes('8dd3c7ffffb3bebadafb807280b1d3fdb462b3de69fccde5d9d9d9bc80bdccebc5ffed6f'),
  Tableau10: hexes('4e79a7f28e2ce1575976b7b259a14fedc949af7aa1ff9da79c755fbab0ab'),
});

export const SCHEME_NAMES = Object.freeze(Object.keys(COLOUR_SCHEMES));

/** Used when a chart has several series but names no scheme (the schema's documented default). */
export const DEFAULT_SCHEME = 'Category10';

/** Case-insensitive lookup ("tableau10" works too); undefined for unknown names. */
export function findScheme(name: unknown): readonly string[] | undefined {
  if (typeof name !== 'string') return undefined;
  const key = SCHEME_NAMES.find((k) => k.toLowerCase() === name.trim().toLowerCase());
  return key ? COLOUR_SCHEMES[key] : undefined;
}

/**
 * `n` colours for a chart's series or categories. With no scheme named, a
 * single series takes the theme's accent (charts then match the report), and
 * several series take the default scheme. Schemes cycle like d3's scaleOrdinal.
 */
export function paletteFor(schemeName: unknown, n: number, theme: RenderTheme): string[] {
  const named = findScheme(schemeName);
  if (!named && n <= 1) return [theme.colours.accent ?? COLOUR_SCHEMES[DEFAULT_SCHEME][0]];
  const scheme = named ?? COLOUR_SCHEMES[DEFAULT_SCHEME];
  return Array.from({ length: Math.max(1, n) }, (_, i) => scheme[i % scheme.length]);
}

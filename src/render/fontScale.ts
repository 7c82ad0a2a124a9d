/** The schema's font-size names (`3xs` … `4xl`) → points (a number passes through, clamped to 4–96). */
export const FONT_SCALE: Record<string, number> = {
  '3xs': 6,
  '2xs': 7,
  xs: 8,
  sm: 9,
  base: 10,
  md: 10,
  lg: 12,
  xl: 14,
  '2xl': 17,
  '3xl': 21,
  '4xl': 26,
};

export function fontSize(name: string | number | undefined, fallback: number): number {
  if (typeof name === 'number' && Number.isFinite(name)) return Math.max(4, Math.min(96, name));
  if (typeof name === 'string') {
    const key = name.trim().toLowerCase();
    // Own keys only: "constructor" must not find Object's constructor (NaN sizes).
    if (Object.hasOwn(FONT_SCALE, key)) return FONT_SCALE[key];
  }
  return fallback;
}

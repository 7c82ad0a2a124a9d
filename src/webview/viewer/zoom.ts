/**
 * Zoom arithmetic shared by the PDF and JPEG views. Scale 1 = actual size: one PDF point
 * is 4/3 CSS px (96 dpi), one JPEG pixel is one CSS px.
 */
import type { ZoomSetting } from '../protocol';

export const MIN_SCALE = 0.1;
export const MAX_SCALE = 8;
/** The steps zoom in/out walk through (those of common PDF viewers). */
const ZOOM_STEPS = [0.1, 0.25, 0.33, 0.5, 0.67, 0.75, 0.8, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3, 4, 5, 6.5, 8];
/** The presets offered in the zoom drop-down. */
export const ZOOM_PRESETS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3, 4];

export function clampScale(s: number): number {
  return Math.min(MAX_SCALE, Math.max(MIN_SCALE, s));
}

/** The next step strictly above `scale` (1 % tolerance so 0.999 → 1.1, not 1). */
export function zoomInStep(scale: number): number {
  return ZOOM_STEPS.find((s) => s > scale * 1.01) ?? MAX_SCALE;
}

export function zoomOutStep(scale: number): number {
  for (let i = ZOOM_STEPS.length - 1; i >= 0; i--) if (ZOOM_STEPS[i] < scale * 0.99) return ZOOM_STEPS[i];
  return MIN_SCALE;
}

/** Multiplicative zoom for Ctrl+wheel / pinch: smooth, proportional to the wheel delta. */
export function wheelZoom(scale: number, deltaY: number): number {
  const factor = Math.exp(-Math.max(-200, Math.min(200, deltaY)) / 300);
  return clampScale(scale * factor);
}

export interface Box {
  width: number;
  height: number;
}

/**
 * The scale for a fit mode. `content` is the unscaled size (CSS px at scale 1) of the widest
 * page / the page to fit, `available` the scroll container's client size minus padding.
 */
export function fitScale(mode: 'fit-width' | 'fit-page', content: Box, available: Box): number {
  if (content.width <= 0 || content.height <= 0 || available.width <= 0) return 1;
  const byWidth = available.width / content.width;
  if (mode === 'fit-width') return clampScale(byWidth);
  return clampScale(Math.min(byWidth, Math.max(1, available.height) / content.height));
}

/** The effective scale for a setting, recomputing fit modes for the current container. */
export function resolveScale(setting: ZoomSetting, content: Box, available: Box): number {
  return setting.mode === 'scale' ? clampScale(setting.scale) : fitScale(setting.mode, content, available);
}

export function percent(scale: number): string {
  return `${Math.round(scale * 100)}%`;
}

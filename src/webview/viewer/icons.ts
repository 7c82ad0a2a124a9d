/**
 * Toolbar glyphs as SVG path data, drawn with currentColor so they follow the theme.
 * Paths from Tabler Icons 3 (MIT, (c) Paweł Kuna), outline set, 24×24 viewBox.
 */
export const ICONS = {
  rebuild: ['M20 11a8.1 8.1 0 0 0 -15.5 -2m-.5 -4v4h4', 'M4 13a8.1 8.1 0 0 0 15.5 2m.5 4v-4h-4'],
  save: [
    'M6 4h10l4 4v10a2 2 0 0 1 -2 2h-12a2 2 0 0 1 -2 -2v-12a2 2 0 0 1 2 -2',
    'M10 14a2 2 0 1 0 4 0a2 2 0 1 0 -4 0',
    'M14 4l0 4l-6 0l0 -4',
  ],
  external: ['M12 6h-6a2 2 0 0 0 -2 2v10a2 2 0 0 0 2 2h10a2 2 0 0 0 2 -2v-6', 'M11 13l9 -9', 'M15 4h5v5'],
  first: ['M7 6v12', 'M18 6l-6 6l6 6'],
  prev: ['M15 6l-6 6l6 6'],
  next: ['M9 6l6 6l-6 6'],
  last: ['M6 6l6 6l-6 6', 'M17 5v13'],
  zoomIn: ['M3 10a7 7 0 1 0 14 0a7 7 0 1 0 -14 0', 'M7 10l6 0', 'M10 7l0 6', 'M21 21l-6 -6'],
  zoomOut: ['M3 10a7 7 0 1 0 14 0a7 7 0 1 0 -14 0', 'M7 10l6 0', 'M21 21l-6 -6'],
  fitWidth: ['M4 12v-6a2 2 0 0 1 2 -2h12a2 2 0 0 1 2 2v6', 'M10 18h-7', 'M21 18h-7', 'M6 15l-3 3l3 3', 'M18 15l3 3l-3 3'],
  fitPage: ['M12 20h-6a2 2 0 0 1 -2 -2v-12a2 2 0 0 1 2 -2h6', 'M18 14v7', 'M18 3v7', 'M15 18l3 3l3 -3', 'M15 6l3 -3l3 3'],
  actualSize: [
    'M21 21l-6 -6',
    'M3.268 12.043a7.017 7.017 0 0 0 6.634 4.957a7.012 7.012 0 0 0 7.043 -6.131a7 7 0 0 0 -5.314 -7.672a7.021 7.021 0 0 0 -8.241 4.403',
    'M3 4v4h4',
  ],
  invert: [
    'M3 5a2 2 0 0 1 2 -2h14a2 2 0 0 1 2 2v14a2 2 0 0 1 -2 2h-14a2 2 0 0 1 -2 -2l0 -14',
    'M3 19h2.25c3.728 0 6.75 -3.134 6.75 -7s3.022 -7 6.75 -7h2.25',
  ],
  stop: ['M5 7a2 2 0 0 1 2 -2h10a2 2 0 0 1 2 2v10a2 2 0 0 1 -2 2h-10a2 2 0 0 1 -2 -2l0 -10'],
  error: ['M3 12a9 9 0 1 0 18 0a9 9 0 0 0 -18 0', 'M12 8v4', 'M12 16h.01'],
  warning: [
    'M12 9v4',
    'M10.363 3.591l-8.106 13.534a1.914 1.914 0 0 0 1.636 2.871h16.214a1.914 1.914 0 0 0 1.636 -2.87l-8.106 -13.536a1.914 1.914 0 0 0 -3.274 0',
    'M12 16h.01',
  ],
  back: ['M9 14l-4 -4l4 -4', 'M5 10h11a4 4 0 1 1 0 8h-1'],
  file: [
    'M14 3v4a1 1 0 0 0 1 1h4',
    'M17 21h-10a2 2 0 0 1 -2 -2v-14a2 2 0 0 1 2 -2h7l5 5v11a2 2 0 0 1 -2 2',
    'M9 9l1 0',
    'M9 13l6 0',
    'M9 17l6 0',
  ],
  search: ['M3 10a7 7 0 1 0 14 0a7 7 0 1 0 -14 0', 'M21 21l-6 -6'],
  up: ['M6 15l6 -6l6 6'],
  down: ['M6 9l6 6l6 -6'],
  close: ['M18 6l-12 12', 'M6 6l12 12'],
} as const satisfies Record<string, readonly string[]>;

export type IconName = keyof typeof ICONS;

/**
 * The render note for a grid cell whose width fraction and spacing left it narrower than its
 * content's narrowest line (grid.ts `fitWidths`): the cell kept that width, and the note says
 * what gave way for it, so a column never vanishes or breaks a word without a word to the author.
 */
import type { RenderNote } from '../../core/api/types';
import type { Squeeze } from './grid';
import { reportPathOf } from './jsonPath';

const pt = (n: number): string => `${Math.round(n)} pt`;

export function squeezeNote(s: Squeeze): RenderNote {
  const width = typeof s.node.options.width === 'string' ? ` at width "${s.node.options.width}"` : '';
  const gave = [
    s.gapUsed < s.gap - 0.01 ? `the column spacing shrank from ${pt(s.gap)} to ${pt(s.gapUsed)}` : '',
    s.neighbours ? 'the other columns of its row were narrowed' : '',
  ].filter(Boolean);
  return {
    kind: 'column-squeezed',
    path: reportPathOf(s.node.path),
    message: `${s.node.type}${width} would be ${pt(s.asked)} wide but its longest word needs ${pt(s.needs)}; ${gave.join(' and ')} so it is ${pt(s.got)} wide.`,
  };
}

/**
 * Component type → painter. Every leaf type of the catalogue has one: the record is keyed by
 * the generated type list (src/core/report/componentTypes.generated.ts), so a type added to
 * the catalogue without a painter does not compile. The containers (Section, Row) and the
 * flow components (PageBreak, Spacer, VerticalSpacer) are laid out by layout/nodes.ts itself.
 */
import type { ComponentType } from '../core/report/componentTypes.generated';
import { chartPainters } from './charts';
import { cardPainter } from './components/card';
import { imagePainter } from './components/image';
import { tablePainter } from './components/table';
import { textPainter } from './components/text';
import type { ComponentPainter } from './painter';
import type { LeafType } from './leafTypes';

export type { LeafType } from './leafTypes';
export { LAYOUT_TYPES } from './leafTypes';

const PAINTERS: Record<LeafType, ComponentPainter> = {
  Card: cardPainter,
  Text: textPainter,
  Table: tablePainter,
  Image: imagePainter,
  ...chartPainters,
};

/** Every leaf type, in catalogue order of the record above. */
export const LEAF_TYPES = Object.keys(PAINTERS) as LeafType[];

/** The painter of `type`; undefined for layout types and for names the catalogue does not know. */
export function lookupPainter(type: ComponentType | string): ComponentPainter | undefined {
  return Object.hasOwn(PAINTERS, type) ? PAINTERS[type as LeafType] : undefined;
}

/** Which catalogue types are painted (leaves) and which the layout engine places itself. */
import type { ComponentType } from '../core/report/componentTypes.generated';

/** Laid out by layout/nodes.ts: containers, page breaks and spacers. */
export const LAYOUT_TYPES = ['Section', 'Row', 'PageBreak', 'Spacer', 'VerticalSpacer'] as const satisfies readonly ComponentType[];

export type LeafType = Exclude<ComponentType, (typeof LAYOUT_TYPES)[number]>;

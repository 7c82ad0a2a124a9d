/**
 * Component type name → painter. Leaf components are looked up here; the
 * containers (Section, Row) and the flow components (PageBreak, Spacer,
 * VerticalSpacer, Table splitting) are handled by the layout engine itself.
 */
import type { ComponentPainter } from './painter';

const painters = new Map<string, ComponentPainter>();

export function registerPainter(type: string, painter: ComponentPainter): void {
  painters.set(type, painter);
}

export function lookupPainter(type: string): ComponentPainter | undefined {
  return painters.get(type);
}

export function registeredTypes(): string[] {
  return [...painters.keys()].sort();
}

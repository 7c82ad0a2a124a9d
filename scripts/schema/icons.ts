// Reads the real Tabler icon names from the installed @tabler/icons package (its icons.json
// metadata: name, category, tags) so icon completion never drifts from the icon set.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// The package's "exports" map hides icons.json from require.resolve, so read it by path.
const pkgDir = join(__dirname, '..', '..', 'node_modules', '@tabler', 'icons');
const MAX_TAGS = 6;

/** definitions.tablerIcon: enum of every icon name (+ null) with category/tag descriptions. */
export function tablerIconDefinition(): Record<string, unknown> {
  const version = (JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as { version: string }).version;
  const meta = JSON.parse(readFileSync(join(pkgDir, 'icons.json'), 'utf8')) as Record<string, { category?: string; tags?: string[] }>;
  const names = Object.keys(meta).sort();
  const descriptions = names.map((name) => {
    const { category, tags = [] } = meta[name];
    const words = tags
      .filter((t) => t !== name)
      .slice(0, MAX_TAGS)
      .join(', ');
    return [category || 'Tabler icon', words].filter(Boolean).join(' · ');
  });
  return {
    markdownDescription:
      `A [Tabler icon](https://tabler.io/icons) name, e.g. \`"users"\`, \`"coin"\`, \`"building-store"\`; \`null\` for no icon. ` +
      `Completion lists all ${names.length} names of @tabler/icons ${version}.`,
    enum: [...names, null],
    enumDescriptions: [...descriptions, 'No icon.'],
    errorMessage:
      'Unknown Tabler icon name. Use a name from https://tabler.io/icons, e.g. "users", "coin" or "building-store" (trigger completion to list them all).',
  };
}

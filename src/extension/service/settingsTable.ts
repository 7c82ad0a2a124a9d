/**
 * The extension's settings, each declared once: type, default, bounds or values, scope,
 * whether Restricted Mode ignores a workspace's value. Made from this table:
 * `package.json`'s `contributes.configuration` and `restrictedConfigurations`, and the
 * settings table of docs/extension.md (`node scripts/settings-export.mjs`; a unit test fails
 * when either is out of date), and the defaults and clamping of `readSettings()`.
 * Descriptions are `%config.<key>.markdownDescription%` (and `….markdownEnumDescriptions.<value>%`)
 * in each package.nls*.json. No `vscode` import: the export script reads this module too.
 */
import { DEFAULT_REQUEST_TIMEOUT_MS } from '../../core/client/requestTimeout';
import { DEFAULT_PRINT_WIDTH } from '../../core/format/printWidth';
import { ADAPTIVE_POLLING } from '../../core/runner/polling';
import { SERVICE_SETTINGS } from '../../core/service/serviceChoice';
import { DARK_MODES } from '../../webview/protocol';
import { LIVE_PREVIEW_SETTINGS } from '../live/liveMode';

export const SECTION = 'reportStudio';

/** VS Code's configuration scopes (`resource` settings are read for the report's folder). */
type Scope = 'machine' | 'window' | 'resource' | 'language-overridable';

interface Common {
  /** Place in the Settings editor. */
  order: number;
  scope: Scope;
  /** A workspace could abuse it (send the key elsewhere, write files): untrusted, only the user's value counts. */
  restricted?: true;
  /** Numbers the descriptions state besides the default and bounds (checked in every language). */
  descriptionNumbers?: readonly number[];
}

export type SettingDecl = Common &
  (
    | { type: 'boolean'; default: boolean }
    | { type: 'number' | 'integer'; default: number; minimum: number; maximum: number }
    | { type: 'string'; default: string; pattern?: string }
    | { type: 'string'; default: string; enum: readonly string[] }
  );

const MINUTES_PER_DAY = 24 * 60;
const MAX_POLL_MS = 60_000;
const MAX_PORT = 65_535;

/** In the Settings editor's order of declaration (package.json keeps it). */
export const SETTINGS = {
  service: { type: 'string', enum: SERVICE_SETTINGS, default: 'auto', order: 1, scope: 'window', restricted: true },
  customBaseUrl: {
    type: 'string',
    default: '',
    pattern: '^$|^https?://[^\\s?#@]+/api/v1/?$',
    order: 2,
    scope: 'machine',
    restricted: true,
  },
  previewOnSave: { type: 'string', enum: ['off', 'onSave'], default: 'off', order: 3, scope: 'resource', restricted: true },
  livePreview: { type: 'string', enum: LIVE_PREVIEW_SETTINGS, default: 'auto', order: 3, scope: 'resource' },
  previewSync: { type: 'boolean', default: true, order: 3, scope: 'resource' },
  clickInPreviewFocusesEditor: { type: 'boolean', default: false, order: 3, scope: 'window' },
  // The description's example: "1 single-page report of 98 left".
  confirmBeforeBuild: { type: 'boolean', default: true, order: 4, scope: 'window', restricted: true, descriptionNumbers: [1, 98] },
  resultViewColumn: { type: 'string', enum: ['beside', 'active'], default: 'beside', order: 5, scope: 'window' },
  'polling.initialDelayMs': {
    type: 'number',
    default: ADAPTIVE_POLLING.initialDelayMs,
    minimum: 0,
    maximum: MAX_POLL_MS,
    order: 10,
    scope: 'window',
  },
  'polling.maxIntervalMs': {
    type: 'number',
    default: ADAPTIVE_POLLING.maxDelayMs,
    minimum: 0,
    maximum: MAX_POLL_MS,
    order: 11,
    scope: 'window',
  },
  requestTimeoutSeconds: {
    type: 'number',
    default: DEFAULT_REQUEST_TIMEOUT_MS / 1000,
    minimum: 1,
    maximum: 600,
    order: 12,
    scope: 'window',
  },
  'localService.port': { type: 'integer', default: 0, minimum: 0, maximum: MAX_PORT, order: 20, scope: 'machine', restricted: true },
  'localService.dataDir': { type: 'string', default: '', order: 21, scope: 'machine', restricted: true },
  'quota.refreshIntervalMinutes': { type: 'number', default: 15, minimum: 0, maximum: MINUTES_PER_DAY, order: 30, scope: 'window' },
  'format.compactLists': {
    type: 'boolean',
    default: true,
    order: 40,
    scope: 'language-overridable',
    descriptionNumbers: [DEFAULT_PRINT_WIDTH],
  },
  'viewer.darkMode': { type: 'string', enum: DARK_MODES, default: 'off', order: 6, scope: 'window' },
  'export.build': { type: 'boolean', default: false, order: 7, scope: 'resource', restricted: true },
  'export.preview': { type: 'boolean', default: false, order: 8, scope: 'resource', restricted: true },
  'export.folder': { type: 'string', default: '', order: 9, scope: 'resource', restricted: true },
} as const satisfies Record<string, SettingDecl>;

export type SettingKey = keyof typeof SETTINGS;

/** The value the code gets for a setting: one of its values, a boolean, a number within its bounds, or trimmed text. */
export type SettingValue<K extends SettingKey> = (typeof SETTINGS)[K] extends { enum: readonly (infer V)[] }
  ? V
  : (typeof SETTINGS)[K] extends { type: 'boolean' }
    ? boolean
    : (typeof SETTINGS)[K] extends { minimum: number }
      ? number
      : string;

export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[];

/** The declaration of `key`, widened for code that walks the table. */
export function declOf(key: SettingKey): SettingDecl {
  return SETTINGS[key];
}

/**
 * What a value from settings.json (anything: a hand edit) counts as: a value of the wrong type
 * or not among the values is the default; a number is clamped to the bounds (an integer
 * rounded); text is trimmed.
 */
export function settingValue<K extends SettingKey>(key: K, raw: unknown): SettingValue<K> {
  const d = declOf(key);
  let value: unknown;
  if ('enum' in d) value = d.enum.includes(raw as string) ? raw : d.default;
  else if (d.type === 'boolean') value = typeof raw === 'boolean' ? raw : d.default;
  else if ('minimum' in d) {
    const n = typeof raw === 'number' && Number.isFinite(raw) ? raw : d.default;
    const clamped = Math.min(d.maximum, Math.max(d.minimum, n));
    value = d.type === 'integer' ? Math.round(clamped) : clamped;
  } else value = (typeof raw === 'string' ? raw : d.default).trim();
  return value as SettingValue<K>;
}

/** The package.nls*.json key of a setting's description, or of one of its values'. */
export function descriptionKey(key: SettingKey, value?: string): string {
  return value === undefined ? `config.${key}.markdownDescription` : `config.${key}.markdownEnumDescriptions.${value}`;
}

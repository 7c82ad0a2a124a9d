/**
 * `reportStudio.livePreview`: when the live view redraws. `auto` (the default) is `onType`
 * with the bundled local service and `onSave` with a hosted or custom one: the pages are
 * always drawn by the local renderer, but an author working against a hosted service sees
 * the service's own look only on Preview, so redrawing on every keystroke would mislead more
 * than it helps.
 */
import type { ServiceMode } from '../../core/service/serviceChoice';

export type LiveMode = 'off' | 'onSave' | 'onType';
export type LivePreviewSetting = LiveMode | 'auto';

export const LIVE_PREVIEW_SETTINGS: readonly LivePreviewSetting[] = ['auto', 'off', 'onSave', 'onType'];

export function liveMode(setting: LivePreviewSetting, service: ServiceMode): LiveMode {
  if (setting !== 'auto') return setting;
  return service === 'local' ? 'onType' : 'onSave';
}

// Types of ui-driver.mjs for the typed UI checks (test/e2e/ui/).
import type { Page } from 'playwright-core';

export function trackResourceLoads(page: Page): { settle(timeoutMs?: number): Promise<void> };
export function startUiDriver(shotDir: string): Promise<{ url: string; attach(page: Page): void; stop(): Promise<void> }>;

// Types of build-suite.mjs for the typed UI checks (test/e2e/ui/).
export const root: string;
export const suiteOutDir: string;
export const suiteIndex: string;
export const runnerExtensionDir: string;
export function buildSuite(options?: { srcDir?: string; outDir?: string }): Promise<string>;

// Types of workspace.mjs for the typed UI checks (test/e2e/ui/).
export function makeWorkspace(dir: string): string;

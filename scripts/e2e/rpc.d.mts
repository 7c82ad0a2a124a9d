// Types of rpc.mjs for the typed UI driver (test/e2e/ui/driver.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON body: each action reads its own fields
export type Handlers = Record<string, (body: Record<string, any>) => Promise<unknown>>;
export function startRpcServer(
  label: string,
  options?: { onError?: (name: string, error: unknown, handlers: Handlers) => Promise<void> },
): Promise<{ url: string; attach(handlers: Handlers): void; stop(): Promise<void> }>;

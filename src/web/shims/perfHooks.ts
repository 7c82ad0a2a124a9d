/** `node:perf_hooks` for the browser bundle: the page\'s or worker\'s own clock (the task runner times renders with it). */
export const performance = globalThis.performance;

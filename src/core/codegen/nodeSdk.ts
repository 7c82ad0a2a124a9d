/**
 * The official Node SDKs. Both take the report as JSON (`reportSchema` in @hybiscus/web-api,
 * `reportJSON` in @hybiscus/api) besides their component classes. The snippets use the JSON
 * form for every report: the classes' option types lag the service (options it accepts that
 * the classes do not type, components they have no class for), so only the JSON form
 * expresses every report the editor accepts, and it sends exactly this file's content.
 *
 * Both SDKs return a get-report URL with the key in its query (and @hybiscus/web-api's always
 * names the hosted service): the snippets download by task id with the key in a header instead.
 */
import { DEFAULT_HOSTED_BASE_URL } from '../api/types';
import type { CodeRequest } from './request';
import { JSON_DIALECT, printLiteral, quote } from './literal';
import { nodeDownload, nodeHeader, nodePrelude } from './nodeFetch';

/** @hybiscus/web-api 1.0.0: `new HybiscusClient(key, fetch?)`; its transport always calls the hosted origin. */
export function webApiSdkScript(r: CodeRequest): string {
  const hosted = new URL(DEFAULT_HOSTED_BASE_URL);
  const elsewhere = r.baseUrl !== DEFAULT_HOSTED_BASE_URL;
  const method = r.kind === 'build' ? 'buildReport' : 'previewReport';
  const sdkFetch = elsewhere
    ? `
// @hybiscus/web-api always calls ${hosted.origin}${hosted.pathname}; its second argument (a fetch)
// sends those calls to ${r.baseUrl} instead, and follows no redirect (it would take the key header along).
const sdkFetch = (url, init) =>
  fetch(String(url).replace(${quote(DEFAULT_HOSTED_BASE_URL)}, baseUrl), { ...init, redirect: "manual" });`
    : `
// The SDK's fetch follows no redirect: it would take the key header along.
const sdkFetch = (url, init) => fetch(url, { ...init, redirect: "manual" });`;
  return `${nodeHeader(r, 'Node 18 or later and npm install @hybiscus/web-api')}
import { writeFile } from "node:fs/promises";
import { HybiscusClient } from "@hybiscus/web-api";

${nodePrelude(r)}

const report = ${printLiteral(r.root, r.source, JSON_DIALECT)};
${sdkFetch}
const client = new HybiscusClient(apiKey, sdkFetch);
// The SDK asks for the status until SUCCESS or FAILED, with no time limit of its own.
const timer = setTimeout(() => {
  console.error("The task did not finish within ${r.maxWaitSeconds} s.");
  process.exit(1);
}, ${r.maxWaitSeconds} * 1000);
timer.unref();
const result = await client.${method}({ reportSchema: report });
clearTimeout(timer);
if (result.status !== "SUCCESS") {
  console.error(\`The report failed (task \${result.taskID}):\`, JSON.stringify(result.errorMessage));
  process.exit(1);
}
const taskId = result.taskID;
${nodeDownload(r)}
`;
}

/** @hybiscus/api (the newer SDK): `new HybiscusClient({ apiKey, asyncBaseURL })`; it throws a HybiscusAPIError on failure. */
export function newerSdkScript(r: CodeRequest): string {
  const method = r.kind === 'build' ? 'buildReport' : 'previewReport';
  return `${nodeHeader(r, 'Node 20 or later and npm install @hybiscus/api')}
import { writeFile } from "node:fs/promises";
import { HybiscusClient, isHybiscusAPIError } from "@hybiscus/api";

${nodePrelude(r)}

const report = ${printLiteral(r.root, r.source, JSON_DIALECT)};

const client = new HybiscusClient({ apiKey, asyncBaseURL: baseUrl, timeout: ${r.maxWaitSeconds} });
let taskId;
try {
  // Submits the report, then asks for the task's status until it ends.
  ({ taskID: taskId } = await client.${method}({ reportJSON: report }));
} catch (error) {
  const detail = isHybiscusAPIError(error) ? JSON.stringify(error.error) : String(error);
  console.error(\`The report failed\${error?.taskID ? \` (task \${error.taskID})\` : ""}:\`, detail);
  process.exit(1);
}
${nodeDownload(r)}
`;
}

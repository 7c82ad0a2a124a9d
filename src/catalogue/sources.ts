// The public sources each option names with `.from(…)` (docs/local-service.md, Compatibility →
// Accepted, says how their union is taken; test/fixtures/fidelity/SOURCES.md lists the bodies
// mirrored).
import type { SourceCode } from './option';

export const SOURCES: Readonly<Record<SourceCode, string>> = {
  N: 'newer official Node SDK (hybiscus-dev/hybiscus-node-sdk): src/components/{core,premium}/*.ts, src/components/types.ts, src/Report.ts (IReportConfig, ICoverPage, IGoogleReportsConfig), src/Report.test.ts',
  O: 'older official Node SDK (@hybiscus/web-api, hybiscus-dev/nodejs-hybiscus-sdk): option interfaces and src/Report.test.ts',
  D: 'documentation pages hybiscus.dev/docs/… (components/row, text, image; premium-components/chart-timeseries; reports/webhooks)',
  S: 'official samples (hybiscus-dev/code-samples): blog/invoices/report.json, youtube/02-custom-colour-theme/report.json, blog/airtable-scripting/airtable-script.js',
  R: 'Ruby client fixture (HybiscusPdfReportRubyGem spec/fixtures/reports/report_json_request.json)',
  A: 'the component list this project was first specified from (type names, required options, catalogue order)',
};

// The subset of JSON-schema fields the report tools read (the schema itself is plain JSON).

export interface JsonSchema {
  [keyword: string]: unknown;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  definitions?: Record<string, JsonSchema>;
  enum?: unknown[];
  markdownDescription?: string;
  defaultSnippets?: Array<{ label?: string; description?: string; body?: unknown }>;
}

/**
 * The agent tools' declarations and shared logic without a host: package.json's
 * languageModelTools say what src/core/agent/toolSpecs.ts says (one declaration, checked),
 * arguments are checked in plain words, and componentDocs' examples validate.
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { componentDoc, componentTypes } from '../../../../src/core/agent/componentDocs';
import { agentProblems } from '../../../../src/core/agent/agentProblems';
import { checkToolArgs } from '../../../../src/core/agent/toolArgs';
import { inputJsonSchema, toolSpec, TOOL_SPECS } from '../../../../src/core/agent/toolSpecs';
import { reportSchemaIndex } from '../../../../src/core/schema/reportSchema';
import { LM_TOOLS } from '../../../../src/extension/lmTools/lmToolNames';

const ROOT = join(__dirname, '..', '..', '..', '..');

describe('agent tools: declarations and shared logic', () => {
  it("package.json's languageModelTools declare each tool's spec: description and input schema; build only when trusted", () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    const contributed = manifest.contributes.languageModelTools as Array<{
      name: string;
      modelDescription: string;
      inputSchema: unknown;
      when?: string;
    }>;
    assert.deepEqual(contributed.map((t) => t.name).sort(), Object.values(LM_TOOLS).sort());
    for (const [kind, name] of Object.entries(LM_TOOLS)) {
      const tool = contributed.find((t) => t.name === name)!;
      const spec = toolSpec(kind as keyof typeof LM_TOOLS);
      assert.equal(tool.modelDescription, spec.description, `${name}: modelDescription`);
      assert.deepEqual(tool.inputSchema, inputJsonSchema(spec), `${name}: inputSchema`);
      assert.equal(tool.when, kind === 'build' ? 'isWorkspaceTrusted' : undefined, `${name}: when`);
    }
  });

  it('checks arguments in plain words', () => {
    const render = toolSpec('render');
    assert.deepEqual(checkToolArgs(render, { path: 'a.report.json', dpi: 96 }), { path: 'a.report.json', dpi: 96 });
    assert.throws(() => checkToolArgs(render, { page: '1' }), /render: unknown argument "page"; it takes "path", "text", "pages", "dpi"/);
    assert.throws(() => checkToolArgs(render, { dpi: 96.5 }), /"dpi" takes a whole number, got number 96.5/);
    assert.throws(() => checkToolArgs(render, { dpi: 10 }), /"dpi" takes a whole number from 18 to 500, got 10/);
    assert.throws(() => checkToolArgs(render, ['a']), /the arguments must be an object, got a list/);
    assert.equal(TOOL_SPECS.length, 7);
  });

  it("every component type's example validates in a report", () => {
    const index = reportSchemaIndex();
    for (const type of componentTypes()) {
      const doc = componentDoc(type);
      const text = JSON.stringify({ type: 'Report', options: { report_title: 'x' }, components: [doc.example] });
      const errors = agentProblems(index, text).filter((p) => p.severity === 'error');
      assert.deepEqual(errors, [], `${type}: ${JSON.stringify(doc.example)}`);
    }
  });
});

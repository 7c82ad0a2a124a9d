import { strict as assert } from 'node:assert';
import { isViewerToHostMessage } from '../../../src/webview/protocolGuards';

describe('viewer message guard: rebuild kind', () => {
  it('accepts a rebuild with either task kind or none', () => {
    for (const kind of ['build', 'preview', undefined]) assert.equal(isViewerToHostMessage({ type: 'rebuild', kind }), true, String(kind));
  });

  it('refuses any other kind, inherited property names included', () => {
    for (const kind of ['pdf', 'toString', '__proto__', 'constructor', 1, null, ['build']]) {
      assert.equal(isViewerToHostMessage({ type: 'rebuild', kind }), false, String(kind));
    }
  });
});

describe('viewer message guard: back to live', () => {
  it("accepts the toolbar's Back to live", () => {
    assert.equal(isViewerToHostMessage({ type: 'backToLive' }), true);
  });
});

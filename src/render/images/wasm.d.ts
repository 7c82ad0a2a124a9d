// The renderer's project has no DOM lib (it runs in Node), and @types/node 20 does not declare
// the WebAssembly global; this is the one part of it that webp.ts uses.
declare namespace WebAssembly {
  class Module {
    constructor(bytes: Uint8Array);
  }
}

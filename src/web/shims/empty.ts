/**
 * Stands in for `fs` and `path` in Emscripten's glue (libjpeg-turbo's WASM loader): it requires
 * them only on its Node branch, which never runs in the browser (the WASM bytes are handed in).
 */
export {};

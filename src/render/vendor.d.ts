// Types for the libjpeg-turbo WASM build (the package ships none); only what jpegEncoder.ts uses.

declare module '@cornerstonejs/codec-libjpeg-turbo-8bit/wasmjs' {
  interface FrameInfo {
    width: number;
    height: number;
    bitsPerSample: number;
    /** 3 = RGB (encoded as YCbCr), 1 = grey. */
    componentCount: number;
    isSigned: boolean;
  }
  /** turbojpeg's tjCompress2 behind embind: fill getDecodedBuffer(), encode(), read getEncodedBuffer(). */
  interface JPEGEncoder {
    /** A view of the encoder's input buffer in WASM memory, sized for `frame` (invalid once the memory grows). */
    getDecodedBuffer(frame: FrameInfo): Uint8Array;
    /** A copy of the encoded JPEG. */
    getEncodedBuffer(): Uint8ClampedArray;
    encode(): void;
    setQuality(quality: number): void;
    setProgressive(progressive: number): void;
    /** turbojpeg's TJSAMP_*: 0 = 4:4:4. */
    setSubSampling(subSampling: number): void;
    delete(): void;
  }
  interface LibJpegTurbo {
    JPEGEncoder: new () => JPEGEncoder;
  }
  const factory: (options: { wasmBinary: Uint8Array }) => Promise<LibJpegTurbo>;
  export = factory;
}

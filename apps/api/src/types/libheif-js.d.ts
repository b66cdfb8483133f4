// libheif-js ships types for its raw WebAssembly module only; this covers the wrapper we call.
declare module 'libheif-js/wasm-bundle' {
  interface HeifImage {
    /** Known from the container, before any pixel is decoded. */
    get_width(): number;
    get_height(): number;
    /** The picture the file is of (its pitm box); other top-level images are alternatives. */
    is_primary(): boolean;
    /** Decodes into `target.data` (RGBA, 4 bytes a pixel); the callback gets null on failure. */
    display(
      target: { data: Uint8ClampedArray; width: number; height: number },
      done: (decoded: { data: Uint8ClampedArray } | null) => void,
    ): void;
    free(): void;
  }
  interface Libheif {
    ready: Promise<void>;
    HeifDecoder: new () => {
      /** The top-level images of the file, read from the container only. */
      decode(data: Uint8Array): HeifImage[];
      decoder: { delete(): void };
    };
  }
  const libheif: Libheif;
  export default libheif;
}

// heic-decode ships no types; this covers the calls the metadata stripping uses.
declare module 'heic-decode' {
  interface DecodedImage {
    width: number;
    height: number;
    /** RGBA, 4 bytes a pixel. */
    data: Uint8ClampedArray;
  }
  interface HeifImage {
    /** Known from the container, before any pixel is decoded. */
    width: number;
    height: number;
    decode(): Promise<DecodedImage>;
  }
  function decode(options: { buffer: Uint8Array }): Promise<DecodedImage>;
  namespace decode {
    /** Reads the container only; free the images with dispose() when done. */
    function all(options: { buffer: Uint8Array }): Promise<HeifImage[] & { dispose(): void }>;
  }
  export default decode;
}

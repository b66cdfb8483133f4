// heic-convert ships no types; this covers the call the picture renditions use.
declare module 'heic-convert' {
  export default function convert(options: {
    buffer: Buffer | Uint8Array;
    format: 'JPEG' | 'PNG';
    quality?: number;
  }): Promise<ArrayBuffer>;
}

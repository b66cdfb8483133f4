import { randomBytes } from 'node:crypto';

/** A multipart/form-data body with one file, as a browser sends it. */
export function multipartFile(
  fileName: string,
  data: Buffer,
  field = 'file',
  contentType = 'application/octet-stream',
) {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

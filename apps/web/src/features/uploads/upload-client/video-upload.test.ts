import { describe, expect, it } from 'vitest';
import { UploadNetworkError } from './types.ts';
import { uploadError } from './video-upload.ts';

describe('the words of a failed tus upload', () => {
  it("keeps the server's sentence, plain or in its JSON error", () => {
    const plain = new Error(
      "tus: unexpected response while uploading chunk, originated from request (method: PATCH, url: http://x/api/tus/1, response code: 415, response text: This file's content is not a .mp4 file. Please check the file and try again., request id: n/a)",
    );
    expect(uploadError(plain).message).toBe(
      "This file's content is not a .mp4 file. Please check the file and try again.",
    );
    const json = new Error(
      'tus: unexpected response while creating upload, originated from request (method: POST, url: http://x/api/tus, response code: 409, response text: {"statusCode":409,"code":"X","message":"Taken"}, request id: n/a)',
    );
    expect(uploadError(json).message).toBe('Taken');
  });

  it('names a network failure', () => {
    const network = Object.assign(new Error('x'), { isNetworkError: true });
    expect(uploadError(network)).toBeInstanceOf(UploadNetworkError);
    expect(
      uploadError('This looks like a network error, the endpoint might be blocked'),
    ).toBeInstanceOf(UploadNetworkError);
    expect(uploadError(undefined).message).toBe('Upload failed');
  });
});

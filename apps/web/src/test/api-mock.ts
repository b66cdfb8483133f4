import { vi } from 'vitest';

export interface MockRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** Parsed JSON, or the FormData of an upload. */
  body: unknown;
  authorization: string | null;
  headers: Headers;
}

export type MockAnswer = [status: number, body?: unknown];

/**
 * Stubs fetch with `answer`, called with each request; it returns [status, json body]. The
 * returned list records every request, in order.
 */
export function mockApi(answer: (request: MockRequest) => MockAnswer) {
  const requests: MockRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const headers = new Headers(init.headers);
      const request: MockRequest = {
        method: init.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        body:
          typeof init.body === 'string'
            ? JSON.parse(init.body)
            : init.body instanceof FormData
              ? init.body
              : undefined,
        authorization: headers.get('authorization'),
        headers,
      };
      requests.push(request);
      const [status, body] = answer(request);
      return new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return requests;
}

/** The JSON error body of the API for a status. */
export const apiError = (statusCode: number, code: string, message = code) => ({
  statusCode,
  code,
  message,
});

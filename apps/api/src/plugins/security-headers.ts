import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/env.ts';
import { s3DownloadOrigin } from '../providers/storage/s3-client.ts';

/**
 * A strict Content-Security-Policy: the app loads only its own scripts, styles and fonts.
 * Mantine writes style attributes at run time, hence 'unsafe-inline' for styles only. Only the
 * site itself may frame its pages: the organisers' preview of the home page (issue 16); another
 * site still cannot (clickjacking).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "base-uri 'self'",
  "connect-src 'self'",
  "font-src 'self' data:",
  "form-action 'self'",
  "frame-ancestors 'self'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "object-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
].join('; ');

/**
 * The headers helmet would send, computed once. @fastify/helmet rebuilds them on every request,
 * which showed up as 7% of the CPU time of a catalogue search (bench/catalogue).
 */
function securityHeaders(isProduction: boolean): Record<string, string> {
  return {
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    ...(isProduction ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const headers = securityHeaders(config.isProduction);
  if (config.STORAGE_DRIVER === 's3') {
    // Files and videos come straight from the bucket (pre-signed links, lib/storage-redirect.ts).
    const bucket = s3DownloadOrigin(config);
    headers['content-security-policy'] = CONTENT_SECURITY_POLICY.replace(
      "img-src 'self'",
      `img-src 'self' ${bucket}`,
    ).replace("media-src 'self'", `media-src 'self' ${bucket}`);
  }
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headers);
    // Every answer names its request, so a family's report can be found in the logs.
    reply.header('x-request-id', request.id);
  });
}

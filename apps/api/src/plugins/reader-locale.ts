import { acceptedLanguages, localeFrom, type Locale } from '@eisteddfod/shared';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The language the request came in (decision 069): the web sends its reader's in
     * Accept-Language; another client's header names the browser's preference. English when it
     * names no language the product speaks.
     */
    readonly readerLocale: Locale;
  }
}

export function registerReaderLocale(app: FastifyInstance): void {
  app.decorateRequest('readerLocale', {
    getter(this: { headers: { 'accept-language'?: string } }) {
      return localeFrom(acceptedLanguages(this.headers['accept-language']));
    },
  });
}

/**
 * The addresses of the calls a first visit to the public site makes, apart from their
 * definitions (public-site.endpoints.ts uses them): the home page's JavaScript takes these
 * without zod, which the definitions' schemas would bring (bench/web-bundle).
 */
export const PUBLIC_SITE_PATHS = {
  content: '/api/content',
  prospectus: '/api/documents/prospectus.pdf',
  faq: '/api/documents/faq.pdf',
  adjudicatorBio: '/api/documents/adjudicators/:slug.pdf',
  /** A picture an organiser uploaded for the site (siteContentApi.image). */
  siteImage: '/api/site-images/:name',
} as const;

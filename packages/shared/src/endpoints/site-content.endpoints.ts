import { defineEndpoint } from '../api/endpoint.ts';
import { StaffEventParamsSchema } from '../event/event-setup.schema.ts';
import {
  SiteContentSchema,
  SiteImageParamsSchema,
  SiteImageQuerySchema,
  SiteImageSchema,
} from '../event/site-content.schema.ts';
import { PUBLIC_SITE_PATHS } from './public-site.paths.ts';

const tags = ['Staff: site content'];
const errors = [400, 401, 403, 404] as const;
const staff = { staff: 'manage:site-content' } as const;

/**
 * /api/Staff/Events/:id/Content: the public site of one event as organisers edit it (the home
 * page's words, the FAQ, the gallery, the schools and the adjudicators), the pictures they upload
 * for it, and those pictures served to everyone.
 */
export const siteContentApi = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/Staff/Events/:id/Content',
    access: staff,
    tags,
    summary:
      "The event's home-page title, introduction, FAQ, gallery, participating schools and adjudicators",
    params: StaffEventParamsSchema,
    responses: { 200: SiteContentSchema },
    errors,
  }),
  publish: defineEndpoint({
    method: 'PUT',
    path: '/api/Staff/Events/:id/Content',
    access: staff,
    tags,
    summary:
      'Publish the edited site content in one step (the FAQ document and the bio PDFs follow)',
    params: StaffEventParamsSchema,
    body: SiteContentSchema,
    responses: { 200: SiteContentSchema },
    errors: [...errors, 429],
  }),
  uploadImage: defineEndpoint({
    method: 'POST',
    path: '/api/Staff/Events/:id/Content/Images',
    access: staff,
    tags,
    summary:
      'Upload a picture for the site (multipart field "file": JPEG, PNG or WebP), re-encoded as WebP; served at once under its new name, named on the site once published',
    params: StaffEventParamsSchema,
    query: SiteImageQuerySchema,
    consumes: ['multipart/form-data'],
    responses: { 201: SiteImageSchema },
    errors: [400, 401, 403, 404, 413, 415, 429],
  }),
  image: defineEndpoint({
    method: 'GET',
    path: PUBLIC_SITE_PATHS.siteImage,
    access: 'public',
    tags: ['Public site'],
    summary: 'A picture an organiser uploaded for the site',
    params: SiteImageParamsSchema,
    responses: { 200: null },
    produces: ['image/webp'],
    errors: [400, 404],
  }),
};

import { defineEndpoint } from '../api/endpoint.ts';
import { StaffEventParamsSchema } from '../event/event-setup.schema.ts';
import { SiteContentSchema } from '../event/site-content.schema.ts';

const tags = ['Staff: site content'];
const errors = [400, 401, 403, 404] as const;
const organiser = { staff: ['organiser'] } as const;

/** /api/Staff/Events/:id/Content: the home page's words and the FAQ of one event. */
export const siteContentApi = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/Staff/Events/:id/Content',
    access: organiser,
    tags,
    summary: "The event's home-page title, introduction and FAQ",
    params: StaffEventParamsSchema,
    responses: { 200: SiteContentSchema },
    errors,
  }),
  publish: defineEndpoint({
    method: 'PUT',
    path: '/api/Staff/Events/:id/Content',
    access: organiser,
    tags,
    summary: 'Publish new home-page words and FAQ (the FAQ document follows)',
    params: StaffEventParamsSchema,
    body: SiteContentSchema,
    responses: { 200: SiteContentSchema },
    errors,
  }),
};

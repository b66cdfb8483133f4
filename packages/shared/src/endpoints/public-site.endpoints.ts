import { z } from 'zod';
import { defineEndpoint } from '../api/endpoint.ts';
import { ClientConfigSchema } from '../api/client-config.schema.ts';
import { text } from '../api/text.schema.ts';
import { EventContentSchema } from '../event/content.schema.ts';
import { EventSummarySchema } from '../event/event.schema.ts';
import { ReferenceListsSchema } from '../reference/reference.schema.ts';
import { SupportTicketCreatedSchema, SupportTicketSchema } from '../support/support.schema.ts';
import { PUBLIC_SITE_PATHS } from './public-site.paths.ts';

const pdf = { tags: ['Documents'], produces: ['application/pdf'], access: 'public' } as const;

/**
 * The public site's calls: its content, the web app's configuration and reference lists, the
 * support form and the event's documents.
 */
export const publicSiteApi = {
  content: defineEndpoint({
    method: 'GET',
    path: PUBLIC_SITE_PATHS.content,
    access: 'public',
    tags: ['Public site'],
    summary: "The current event's dates, fees and public-site content",
    responses: { 200: z.object({ event: EventSummarySchema, content: EventContentSchema }) },
    errors: [404],
  }),
  clientConfig: defineEndpoint({
    method: 'GET',
    path: '/api/config',
    access: 'public',
    tags: ['Reference'],
    summary: 'Runtime configuration of the web app',
    responses: { 200: ClientConfigSchema },
    errors: [404],
  }),
  referenceLists: defineEndpoint({
    method: 'GET',
    path: '/api/reference',
    access: 'public',
    tags: ['Reference'],
    summary: 'Sections, grades, genders, instruments, countries and schools',
    responses: { 200: ReferenceListsSchema },
    errors: [],
  }),
  supportTicket: defineEndpoint({
    method: 'POST',
    path: '/api/support-tickets',
    access: 'public',
    tags: ['Public site'],
    summary: 'Send a question to the organisers',
    body: SupportTicketSchema,
    responses: { 201: SupportTicketCreatedSchema },
    errors: [400, 429],
  }),
  prospectus: defineEndpoint({
    ...pdf,
    method: 'GET',
    path: PUBLIC_SITE_PATHS.prospectus,
    summary: 'The prospectus: dates, fees, rules and every item',
    responses: { 200: null },
    errors: [404],
  }),
  faq: defineEndpoint({
    ...pdf,
    method: 'GET',
    path: PUBLIC_SITE_PATHS.faq,
    summary: 'Every frequently asked question',
    responses: { 200: null },
    errors: [404],
  }),
  adjudicatorBio: defineEndpoint({
    ...pdf,
    method: 'GET',
    path: PUBLIC_SITE_PATHS.adjudicatorBio,
    summary: "An adjudicator's biography",
    params: z.object({
      slug: text()
        .regex(/^[a-z0-9-]+$/)
        .max(60),
    }),
    responses: { 200: null },
    errors: [400, 404],
  }),
};

import { defineEndpoint } from '../api/endpoint.ts';
import { DashboardQuerySchema, DashboardSchema } from '../dashboard/dashboard.schema.ts';

/**
 * /api/Staff/Dashboard: the organiser's figures of one event over time (issue 17, decision
 * 023): entries per section per day, revenue, uploads, marking progress per adjudicator.
 */
export const dashboardApi = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/Staff/Dashboard',
    access: { staff: 'read:dashboard' },
    tags: ['Staff: dashboard'],
    summary: 'Entries per section per day, revenue, uploads and marking progress of an event',
    query: DashboardQuerySchema,
    responses: { 200: DashboardSchema },
    errors: [400, 401, 403, 404],
  }),
};

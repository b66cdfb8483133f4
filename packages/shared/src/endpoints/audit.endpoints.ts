import { defineEndpoint } from '../api/endpoint.ts';
import { AuditKindsSchema, AuditPageSchema, AuditQuerySchema } from '../staff/audit.schema.ts';

/** /api/Staff/AuditLog: every recorded change, newest first, for organisers. */
export const auditApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/Staff/AuditLog',
    access: { staff: 'read:audit-log' },
    tags: ['Staff: audit log'],
    summary: 'Recorded changes, newest first: who, when, what, before and after',
    query: AuditQuerySchema,
    responses: { 200: AuditPageSchema },
    errors: [400, 401, 403],
  }),
  kinds: defineEndpoint({
    method: 'GET',
    path: '/api/Staff/AuditLog/Kinds',
    access: { staff: 'read:audit-log' },
    tags: ['Staff: audit log'],
    summary: 'The actions and record types the log holds, for its filters',
    responses: { 200: AuditKindsSchema },
    errors: [401, 403],
  }),
};

import { z } from 'zod';
import { defineEndpoint } from '../api/endpoint.ts';
import { CustomerIdParamsSchema } from '../accounts/accounts.schema.ts';
import {
  ErasureRequestParamsSchema,
  FamilyDataRightsSchema,
  FamilyErasureRequestSchema,
  StaffErasureRequestSchema,
} from '../data-rights/data-rights.schema.ts';

const familyTags = ['Data rights'];
const staffTags = ['Staff: data requests'];
const staff = { staff: 'manage:data-requests' } as const;

/**
 * A family's data rights (issue 17, POPIA; decision 024): one archive of everything the portal
 * holds about it, and a request for erasure, which organisers carry out.
 */
export const dataRightsApi = {
  archive: defineEndpoint({
    method: 'GET',
    path: '/api/Customers/:id/DataArchive',
    access: 'customer',
    tags: familyTags,
    summary: 'Everything the portal holds about the family: one ZIP (data.json, files, README.txt)',
    params: CustomerIdParamsSchema,
    responses: { 200: null },
    produces: ['application/zip'],
    errors: [400, 401, 404, 429],
  }),
  familyRequest: defineEndpoint({
    method: 'GET',
    path: '/api/Customers/:id/ErasureRequest',
    access: 'customer',
    tags: familyTags,
    summary: 'The family’s pending request for erasure, if any',
    params: CustomerIdParamsSchema,
    responses: { 200: FamilyDataRightsSchema },
    errors: [400, 401, 404],
  }),
  requestErasure: defineEndpoint({
    method: 'POST',
    path: '/api/Customers/:id/ErasureRequest',
    access: 'customer',
    tags: familyTags,
    summary: 'Ask the organisers to erase the family’s data (the pending request when one exists)',
    params: CustomerIdParamsSchema,
    responses: { 201: FamilyErasureRequestSchema, 200: FamilyErasureRequestSchema },
    errors: [400, 401, 404, 409, 429],
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/Staff/DataRequests',
    access: staff,
    tags: staffTags,
    summary: 'Requests for erasure, pending first',
    responses: { 200: z.array(StaffErasureRequestSchema) },
    errors: [401, 403, 404],
  }),
  erase: defineEndpoint({
    method: 'POST',
    path: '/api/Staff/DataRequests/:id/Erase',
    access: staff,
    tags: staffTags,
    summary: 'Carry out a request: personal data and files removed, the ledger kept anonymised',
    params: ErasureRequestParamsSchema,
    responses: { 200: StaffErasureRequestSchema },
    errors: [400, 401, 403, 404, 409],
  }),
  eraseCustomer: defineEndpoint({
    method: 'POST',
    path: '/api/Staff/Customers/:id/Erase',
    access: staff,
    tags: staffTags,
    summary: 'Erase a family on its behalf (asked by letter or phone): recorded as a request, done',
    params: ErasureRequestParamsSchema,
    responses: { 200: StaffErasureRequestSchema },
    errors: [400, 401, 403, 404, 409],
  }),
};

import { defineEndpoint } from '../api/endpoint.ts';
import {
  CertificatesRegeneratedSchema,
  ChangeEntryItemSchema,
  ConfirmationResentSchema,
  CorrectContestantSchema,
  FamilyContestantParamsSchema,
  FamilyDetailsSchema,
  FamilyEntryParamsSchema,
  FamilyOrderParamsSchema,
  FamilyParamsSchema,
  FamilySearchPageSchema,
  FamilySearchQuerySchema,
  RegenerateFamilyCertificatesSchema,
} from '../family-desk/family-desk.schema.ts';

const tags = ['Staff: family desk'];
const errors = [400, 401, 403, 404, 409] as const;
const staff = { staff: 'manage:families' } as const;

/**
 * /api/Staff/Families: the family desk (issue 17, decision 021). Organisers only: a family's
 * whole record, and the corrections a family can no longer make itself, each audited.
 */
export const familyDeskApi = {
  search: defineEndpoint({
    method: 'GET',
    path: '/api/Staff/Families',
    access: staff,
    tags,
    summary:
      "Families found by the parent's name, email or mobile number, a contestant, a school or an order number",
    query: FamilySearchQuerySchema,
    responses: { 200: FamilySearchPageSchema },
    errors,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/Staff/Families/:id',
    access: staff,
    tags,
    summary:
      'A family: contestants, orders, payments, entries with files, marks and certificates, messages',
    params: FamilyParamsSchema,
    responses: { 200: FamilyDetailsSchema },
    errors,
  }),
  correctContestant: defineEndpoint({
    method: 'PUT',
    path: '/api/Staff/Families/:id/Contestants/:contestantId',
    access: staff,
    tags,
    summary: "Correct a contestant's details (the amendment fee noted)",
    params: FamilyContestantParamsSchema,
    body: CorrectContestantSchema,
    responses: { 200: FamilyDetailsSchema },
    errors,
  }),
  changeEntryItem: defineEndpoint({
    method: 'PUT',
    path: '/api/Staff/Families/:id/Entries/:orderItemId/Item',
    access: staff,
    tags,
    summary: "Change an entry's item code (the change fee noted)",
    params: FamilyEntryParamsSchema,
    body: ChangeEntryItemSchema,
    responses: { 200: FamilyDetailsSchema },
    errors,
  }),
  letInEarly: defineEndpoint({
    method: 'POST',
    path: '/api/Staff/Families/:id/EarlyEntry',
    access: staff,
    tags,
    summary: 'Let a family enter the current event before its registration opens',
    params: FamilyParamsSchema,
    responses: { 200: FamilyDetailsSchema },
    errors,
  }),
  resendConfirmation: defineEndpoint({
    method: 'POST',
    path: '/api/Staff/Families/:id/Orders/:orderId/ResendConfirmation',
    access: staff,
    tags,
    summary: "Send a paid order's payment confirmation again",
    params: FamilyOrderParamsSchema,
    responses: { 200: ConfirmationResentSchema },
    errors,
  }),
  regenerateCertificates: defineEndpoint({
    method: 'POST',
    path: '/api/Staff/Families/:id/Entries/:orderItemId/Certificates',
    access: staff,
    tags,
    summary: "Make a published entry's certificates again (the amendment fee noted)",
    params: FamilyEntryParamsSchema,
    body: RegenerateFamilyCertificatesSchema,
    responses: { 200: CertificatesRegeneratedSchema },
    errors,
  }),
};

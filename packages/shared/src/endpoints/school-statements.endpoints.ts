import { defineEndpoint } from '../api/endpoint.ts';
import { SchoolParamsSchema } from '../reference/schools.schema.ts';
import { ClassParamsSchema } from '../schools/class-learner.schema.ts';
import {
  SchoolStatementSchema,
  StatementLookupSchema,
  StatementOrderParamsSchema,
  StatementReferenceParamsSchema,
} from '../schools/statement.schema.ts';

const errors = [400, 401, 403, 404, 409] as const;
const tags = ['Teachers: statements'];

/**
 * A school's statement (issue 35, decision 066): a teacher's order priced as families' are,
 * its PDF with a reference and the organiser's banking details, paying it by EFT, and the
 * school's totals across its teachers. A teacher reaches their own orders; a coordinator their
 * school's; any other order is 404.
 */
export const schoolStatementsApi = {
  statement: defineEndpoint({
    method: 'GET',
    path: '/api/Customers/:id/Classes/:membershipId/Statement',
    access: 'customer',
    tags,
    summary:
      "The class's orders in the live event with total, paid, owed and refunded (a coordinator's: every teacher's of the school)",
    params: ClassParamsSchema,
    responses: { 200: SchoolStatementSchema },
    errors,
  }),
  pdf: defineEndpoint({
    method: 'GET',
    path: '/api/Customers/:id/Classes/:membershipId/Statement/:orderId/Pdf',
    access: 'customer',
    tags,
    summary:
      "An order's statement: each learner's entries, totals, paid, banking details and reference",
    params: StatementOrderParamsSchema,
    responses: { 200: null },
    produces: ['application/pdf'],
    errors,
  }),
  schoolPdf: defineEndpoint({
    method: 'GET',
    path: '/api/Customers/:id/Classes/:membershipId/Statement/Pdf',
    access: 'customer',
    tags,
    summary:
      "The school's statement across its teachers, for its coordinator: each order with its reference, the school's learners' entries and fees, paid, owed and refunded, and how to pay",
    params: ClassParamsSchema,
    responses: { 200: null },
    produces: ['application/pdf'],
    errors,
  }),
  payByEft: defineEndpoint({
    method: 'POST',
    path: '/api/Customers/:id/Classes/:membershipId/Statement/:orderId/Eft',
    access: 'customer',
    tags,
    summary:
      "Pay the caller's own order by EFT: its price is frozen as at checkout, and it awaits the organiser's record of the payment",
    params: StatementOrderParamsSchema,
    responses: { 200: SchoolStatementSchema },
    errors,
  }),
  school: defineEndpoint({
    method: 'GET',
    path: '/api/Staff/Schools/:id/Statement',
    access: { staff: 'manage:schools' },
    tags: ['Staff: schools'],
    summary: "A school's statement in the live event: each teacher's order and the school's totals",
    params: SchoolParamsSchema,
    responses: { 200: SchoolStatementSchema },
    errors,
  }),
  schoolPdfForStaff: defineEndpoint({
    method: 'GET',
    path: '/api/Staff/Schools/:id/Statement/Pdf',
    access: { staff: 'manage:schools' },
    tags: ['Staff: schools'],
    summary:
      "A school's statement as a PDF: each teacher's order with its reference, the school's learners' entries and fees, and the school's totals",
    params: SchoolParamsSchema,
    responses: { 200: null },
    produces: ['application/pdf'],
    errors,
  }),
  byReference: defineEndpoint({
    method: 'GET',
    path: '/api/Staff/Payments/Statements/:reference',
    access: { staff: 'manage:payments' },
    tags: ['Staff: payments'],
    summary: 'The order a statement reference names, with what must be paid',
    params: StatementReferenceParamsSchema,
    responses: { 200: StatementLookupSchema },
    errors,
  }),
};

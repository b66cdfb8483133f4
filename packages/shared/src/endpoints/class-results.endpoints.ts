import { defineEndpoint } from '../api/endpoint.ts';
import { ClassParamsSchema } from '../schools/class-learner.schema.ts';

const tags = ['Teachers: class results'];

/**
 * A class's results pack once the live event's results are released (issue 35, decision 067):
 * one CSV of its entries' results and one ZIP of its certificates. Before the release 409
 * RESULTS_NOT_RELEASED; an account with no approved membership 403 NOT_A_TEACHER; a class that
 * is not the caller's (nor of a school they coordinate) 404.
 */
export const classResultsApi = {
  resultsCsv: defineEndpoint({
    method: 'GET',
    path: '/api/Customers/:id/Classes/:membershipId/Results.csv',
    access: 'customer',
    tags,
    summary:
      "The class's results (a coordinator's: the school's): learner, grade, item, section, score, medal, placing, certificate number",
    params: ClassParamsSchema,
    responses: { 200: null },
    produces: ['text/csv'],
    errors: [400, 401, 403, 404, 409],
  }),
  certificatesZip: defineEndpoint({
    method: 'GET',
    path: '/api/Customers/:id/Classes/:membershipId/Certificates.zip',
    access: 'customer',
    tags,
    summary: "Every current certificate of the class's entries, one ZIP named to hand out",
    params: ClassParamsSchema,
    responses: { 200: null },
    produces: ['application/zip'],
    errors: [400, 401, 403, 404, 409, 429],
  }),
};

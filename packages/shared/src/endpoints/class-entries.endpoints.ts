import { defineEndpoint } from '../api/endpoint.ts';
import {
  ClassEntriesChangeSchema,
  ClassEntriesResultSchema,
  ClassEntriesSchema,
  ClassGridSchema,
  SchoolClassesSchema,
} from '../schools/class-entries.schema.ts';
import { SchoolParamsSchema } from '../reference/schools.schema.ts';
import { ClassParamsSchema } from '../schools/class-learner.schema.ts';

const tags = ['Teachers: class entries'];
const errors = [400, 401, 403, 404, 409] as const;

/**
 * A teacher's class in the live event (issue 35, decision 065): the grid, entering it in one
 * call, and its entries by state. An account with no approved membership gets 403 NOT_A_TEACHER;
 * a class that is not the caller's 404.
 */
export const classEntriesApi = {
  grid: defineEndpoint({
    method: 'GET',
    path: '/api/Customers/:id/Classes/:membershipId/Grid',
    access: 'customer',
    tags,
    summary: "The class's learners against the live event's items, with their entries",
    params: ClassParamsSchema,
    responses: { 200: ClassGridSchema },
    errors,
  }),
  enter: defineEndpoint({
    method: 'POST',
    path: '/api/Customers/:id/Classes/:membershipId/Entries',
    access: 'customer',
    tags,
    summary:
      "Add entries of the class to the caller's cart and remove unpaid ones, all or nothing, by the cart's rules",
    params: ClassParamsSchema,
    body: ClassEntriesChangeSchema,
    responses: { 200: ClassEntriesResultSchema },
    errors,
  }),
  entries: defineEndpoint({
    method: 'GET',
    path: '/api/Customers/:id/Classes/:membershipId/Entries',
    access: 'customer',
    tags,
    summary: "The class's entries by state (a coordinator's: the whole school's), with counts",
    params: ClassParamsSchema,
    responses: { 200: ClassEntriesSchema },
    errors,
  }),
  schoolClasses: defineEndpoint({
    method: 'GET',
    path: '/api/Staff/Schools/:id/Classes',
    access: { staff: 'manage:schools' },
    tags: ['Staff: schools'],
    summary: "A school's classes in the live event: teacher, learners, entries by state",
    params: SchoolParamsSchema,
    responses: { 200: SchoolClassesSchema },
    errors,
  }),
};

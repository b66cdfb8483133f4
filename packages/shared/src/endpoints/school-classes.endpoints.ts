import { z } from 'zod';
import { defineEndpoint } from '../api/endpoint.ts';
import {
  ClassListAddedSchema,
  ClassListCommitSchema,
  ClassListReportSchema,
} from '../schools/class-import.schema.ts';
import {
  AddLearnerSchema,
  ClassLearnerSchema,
  ClassParamsSchema,
  LearnerParamsSchema,
  SchoolClassSchema,
  SchoolLearnersParamsSchema,
  SchoolLearnersSchema,
  UpdateLearnerSchema,
} from '../schools/class-learner.schema.ts';

const tags = ['Teaching: classes'];
const errors = [400, 401, 403, 404, 409] as const;

/**
 * A teacher's class (issue 35, decision 064), for a family account an organiser approved for a
 * school: 403 NOT_A_TEACHER without an approved membership, 404 for a class out of reach.
 */
export const schoolClassesApi = {
  view: defineEndpoint({
    method: 'GET',
    path: '/api/Customers/:id/Classes/:membershipId',
    access: 'customer',
    tags,
    summary: "A class's learners: the teacher's own, or any of a school its coordinator reads",
    params: ClassParamsSchema,
    responses: { 200: SchoolClassSchema },
    errors,
  }),
  school: defineEndpoint({
    method: 'GET',
    path: '/api/Customers/:id/TeachingSchools/:schoolId/Learners',
    access: 'customer',
    tags,
    summary: "Every learner of a school's classes, for its coordinator",
    params: SchoolLearnersParamsSchema,
    responses: { 200: SchoolLearnersSchema },
    errors,
  }),
  add: defineEndpoint({
    method: 'POST',
    path: '/api/Customers/:id/Classes/:membershipId/Learners',
    access: 'customer',
    tags,
    summary: "Add a learner to the caller's class (the school's consent declared)",
    params: ClassParamsSchema,
    body: AddLearnerSchema,
    responses: { 201: ClassLearnerSchema },
    errors: [...errors, 429],
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/Customers/:id/Classes/:membershipId/Learners/:learnerId',
    access: 'customer',
    tags,
    summary: "Edit a learner of the caller's class",
    params: LearnerParamsSchema,
    body: UpdateLearnerSchema,
    responses: { 200: ClassLearnerSchema },
    errors: [...errors, 429],
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/Customers/:id/Classes/:membershipId/Learners/:learnerId',
    access: 'customer',
    tags,
    summary: 'Remove a learner who has no entries',
    params: LearnerParamsSchema,
    responses: { 204: z.null() },
    errors,
  }),
  checkList: defineEndpoint({
    method: 'POST',
    path: '/api/Customers/:id/Classes/:membershipId/ClassList',
    access: 'customer',
    tags,
    summary:
      'Check a class list (CSV or XLSX, multipart field "file"): every row with its problems and matches; nothing is written',
    params: ClassParamsSchema,
    consumes: ['multipart/form-data'],
    responses: { 200: ClassListReportSchema },
    errors: [...errors, 413, 415, 429],
  }),
  addList: defineEndpoint({
    method: 'POST',
    path: '/api/Customers/:id/Classes/:membershipId/ClassList/Commit',
    access: 'customer',
    tags,
    summary:
      'Add the checked rows the teacher keeps, all or none; refused (409) if a row is no longer as checked',
    params: ClassParamsSchema,
    body: ClassListCommitSchema,
    responses: { 201: ClassListAddedSchema },
    errors,
  }),
};

import { z } from 'zod';
import { defineEndpoint } from '../api/endpoint.ts';
import {
  MergeSchoolSchema,
  SchoolNameSchema,
  SchoolParamsSchema,
  StaffSchoolSchema,
} from '../reference/schools.schema.ts';
import {
  LinkedSchoolNameSchema,
  LinkSchoolNameSchema,
  StaffSchoolPageSchema,
  UnlinkedSchoolNameSchema,
} from '../schools/school-records.schema.ts';

const tags = ['Staff: schools'];
const errors = [400, 401, 403, 404, 409] as const;
const staff = { staff: 'manage:schools' } as const;

/** /api/Staff/Schools: the schools contestant forms offer, kept by organisers. */
export const schoolsApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/Staff/Schools',
    access: staff,
    tags,
    summary: "Every school in the forms' order, with how many contestants name it",
    responses: { 200: z.array(StaffSchoolSchema) },
    errors,
  }),
  add: defineEndpoint({
    method: 'POST',
    path: '/api/Staff/Schools',
    access: staff,
    tags,
    summary: 'Add a school (or a private studio); contestants who typed its name link to it',
    body: SchoolNameSchema,
    responses: { 201: StaffSchoolSchema },
    errors,
  }),
  rename: defineEndpoint({
    method: 'PUT',
    path: '/api/Staff/Schools/:id',
    access: staff,
    tags,
    summary: 'Rename a school; its contestants and group members follow',
    params: SchoolParamsSchema,
    body: SchoolNameSchema,
    responses: { 200: StaffSchoolSchema },
    errors,
  }),
  merge: defineEndpoint({
    method: 'POST',
    path: '/api/Staff/Schools/:id/Merge',
    access: staff,
    tags,
    summary: 'Merge a duplicate into another school: its contestants follow, it goes',
    params: SchoolParamsSchema,
    body: MergeSchoolSchema,
    responses: { 200: StaffSchoolSchema },
    errors,
  }),
  school: defineEndpoint({
    method: 'GET',
    path: '/api/Staff/Schools/:id',
    access: staff,
    tags,
    summary: "A school's page: its teachers and the learners each holds",
    params: SchoolParamsSchema,
    responses: { 200: StaffSchoolPageSchema },
    errors,
  }),
  unlinked: defineEndpoint({
    method: 'GET',
    path: '/api/Staff/SchoolNames/Unlinked',
    access: staff,
    tags,
    summary: 'School names contestants typed that no school of the list matches, with look-alikes',
    responses: { 200: z.array(UnlinkedSchoolNameSchema) },
    errors,
  }),
  link: defineEndpoint({
    method: 'POST',
    path: '/api/Staff/Schools/:id/Link',
    access: staff,
    tags,
    summary: 'Confirm that the contestants who typed a name attend this school',
    params: SchoolParamsSchema,
    body: LinkSchoolNameSchema,
    responses: { 200: LinkedSchoolNameSchema },
    errors,
  }),
};

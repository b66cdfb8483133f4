import { defineEndpoint } from '../api/endpoint.ts';
import { StaffEventParamsSchema } from '../event/event-setup.schema.ts';
import {
  RubricParamsSchema,
  SaveRubricSchema,
  StaffRubricsSchema,
  StaffSectionRubricSchema,
} from '../staff/rubric-editor.schema.ts';

const tags = ['Staff: rubrics'];
const errors = [400, 401, 403, 404, 409] as const;
const staff = { staff: 'manage:rubrics' } as const;

/** /api/Staff/Events/:id/Rubrics: each section's marking rubric, edited by organisers. */
export const rubricsApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/Staff/Events/:id/Rubrics',
    access: staff,
    tags,
    summary: "Every section's rubric of the event, and whether marking has fixed it",
    params: StaffEventParamsSchema,
    responses: { 200: StaffRubricsSchema },
    errors,
  }),
  save: defineEndpoint({
    method: 'PUT',
    path: '/api/Staff/Events/:id/Rubrics/:section',
    access: staff,
    tags,
    summary: "Replace a section's rubric (maxima total 100), until marking in it begins",
    params: RubricParamsSchema,
    body: SaveRubricSchema,
    responses: { 200: StaffSectionRubricSchema },
    errors,
  }),
};

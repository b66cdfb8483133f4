import { Readable } from 'node:stream';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdjudicatorParamsSchema,
  AdjudicatorSchema,
  AdjudicatorsSchema,
  ApiErrorSchema,
  AssignmentParamsSchema,
  AssignmentSchema,
  BucketLinkSchema,
  ConflictSchema,
  CreateAssignmentSchema,
  DeclareConflictSchema,
  InviteAdjudicatorSchema,
  MarkingEntrySchema,
  MarkingListSchema,
  OverviewSchema,
  PublishOutcomeSchema,
  PublishResultsSchema,
  RegeneratedCertificatesSchema,
  ResultsQuerySchema,
  ResultsReviewSchema,
  SaveMarkSchema,
  StaffBucketLinkQuerySchema,
  StaffEntryParamsSchema,
  StaffMeSchema,
} from '@eisteddfod/shared';
import { notFound } from '../../lib/errors.ts';
import { callerOf, staffOf } from '../../plugins/access.ts';
import { entriesCsv, overviewFigures } from './csv-export.ts';

const tags = ['Staff'];
const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
};
const ORGANISER = ['organiser'] as const;
const ADJUDICATOR = ['adjudicator'] as const;
const ANY_STAFF = ['organiser', 'adjudicator'] as const;

/**
 * /api/Staff/*: every route declares the staff roles it serves, and the access hook reads the
 * caller's role from the database first (plugins/access.ts). A family's session gets the answer
 * of a route that does not exist, staff of the other role 403.
 */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const s = app.adjudication;
  const eventId = async () => {
    const id = await app.catalogue.currentEventId();
    if (id === undefined) throw notFound('EVENT_NOT_FOUND', 'There is no event yet.');
    return id;
  };

  app.get(
    '/api/Staff/Me',
    {
      config: { access: { staff: ANY_STAFF } },
      schema: {
        tags,
        summary: 'The signed-in member of staff and their role (404 for families)',
        response: { 200: StaffMeSchema, ...errors },
      },
    },
    async (req) => {
      const { customerId, staff } = staffOf(req);
      return { customerId, firstName: staff.firstName, surname: staff.surname, role: staff.role };
    },
  );

  // ---- adjudicators ----

  app.get(
    '/api/Staff/Marking',
    {
      config: { access: { staff: ADJUDICATOR } },
      schema: {
        tags,
        summary: "The adjudicator's finalised entries to mark (blind)",
        response: { 200: MarkingListSchema, ...errors },
      },
    },
    async (req) => {
      const { customerId } = callerOf(req);
      return s.marking.listEntries(customerId);
    },
  );

  app.get(
    '/api/Staff/Marking/:orderItemId',
    {
      config: { access: { staff: ADJUDICATOR } },
      schema: {
        tags,
        summary: 'One entry to mark: files (signed links), rubric and the mark so far',
        params: StaffEntryParamsSchema,
        response: { 200: MarkingEntrySchema, ...errors },
      },
    },
    async (req) => {
      const { customerId } = callerOf(req);
      return s.marking.getEntry(customerId, req.params.orderItemId);
    },
  );

  app.put(
    '/api/Staff/Marking/:orderItemId',
    {
      config: { access: { staff: ADJUDICATOR } },
      schema: {
        tags,
        summary: 'Save the rubric scores and comment as a draft, or submit them',
        params: StaffEntryParamsSchema,
        body: SaveMarkSchema,
        response: { 200: MarkingEntrySchema, ...errors },
      },
    },
    async (req) => {
      const { customerId } = callerOf(req);
      return s.marking.saveMark(customerId, req.params.orderItemId, req.body);
    },
  );

  app.get(
    '/api/Staff/BucketLink',
    {
      config: { access: { staff: ADJUDICATOR } },
      schema: {
        tags,
        summary: 'A signed link to a file of an entry the adjudicator may mark',
        querystring: StaffBucketLinkQuerySchema,
        response: { 200: BucketLinkSchema, ...errors },
      },
    },
    async (req) => {
      const { customerId } = callerOf(req);
      return s.marking.fileLink(customerId, req.query.orderItemId, req.query.uploadId);
    },
  );

  app.get(
    '/api/Staff/Conflicts',
    {
      config: { access: { staff: ADJUDICATOR } },
      schema: {
        tags,
        summary: "The adjudicator's declared conflicts of interest",
        response: { 200: z.array(ConflictSchema), ...errors },
      },
    },
    async (req) => {
      const { customerId } = callerOf(req);
      return s.adjudicators.conflictsOf(customerId);
    },
  );

  app.post(
    '/api/Staff/Conflicts',
    {
      config: { access: { staff: ADJUDICATOR } },
      schema: {
        tags,
        summary: 'Declare a conflict of interest: a school or a contestant',
        body: DeclareConflictSchema,
        response: { 201: z.array(ConflictSchema), ...errors },
      },
    },
    async (req, reply) => {
      const { customerId } = callerOf(req);
      return reply.code(201).send(await s.adjudicators.declareConflict(customerId, req.body));
    },
  );

  // ---- organisers ----

  app.get(
    '/api/Staff/Adjudicators',
    {
      config: { access: { staff: ORGANISER } },
      schema: {
        tags,
        summary: 'Adjudicators with their assignments, conflicts and marking progress',
        response: { 200: AdjudicatorsSchema, ...errors },
      },
    },
    async () => s.adjudicators.listAdjudicators(),
  );

  app.post(
    '/api/Staff/Adjudicators',
    {
      config: { access: { staff: ORGANISER } },
      schema: {
        tags,
        summary: 'Invite an adjudicator: an account is made and they are emailed',
        body: InviteAdjudicatorSchema,
        response: { 201: AdjudicatorSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { customerId } = callerOf(req);
      return reply.code(201).send(await s.adjudicators.inviteAdjudicator(customerId, req.body));
    },
  );

  app.post(
    '/api/Staff/Adjudicators/:id/Assignments',
    {
      config: { access: { staff: ORGANISER } },
      schema: {
        tags,
        summary: 'Assign a section or a category to an adjudicator',
        params: AdjudicatorParamsSchema,
        body: CreateAssignmentSchema,
        response: { 201: z.array(AssignmentSchema), ...errors },
      },
    },
    async (req, reply) => {
      const { customerId } = callerOf(req);
      return reply.code(201).send(await s.adjudicators.assign(customerId, req.params.id, req.body));
    },
  );

  app.delete(
    '/api/Staff/Adjudicators/:id/Assignments/:assignmentId',
    {
      config: { access: { staff: ORGANISER } },
      schema: {
        tags,
        summary: 'Remove an assignment',
        params: AssignmentParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      const { customerId } = callerOf(req);
      await s.adjudicators.unassign(customerId, req.params.id, req.params.assignmentId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/Staff/Results',
    {
      config: { access: { staff: ORGANISER } },
      schema: {
        tags,
        summary: 'Marks per category for review (names shown: organisers are not blind)',
        querystring: ResultsQuerySchema,
        response: { 200: ResultsReviewSchema, ...errors },
      },
    },
    async (req) => s.results.review(req.query.section),
  );

  app.post(
    '/api/Staff/Results/Publish',
    {
      config: { access: { staff: ORGANISER } },
      schema: {
        tags,
        summary:
          "Publish a section's submitted marks (or all sections'), make certificates, tell families",
        body: PublishResultsSchema,
        response: { 200: PublishOutcomeSchema, ...errors },
      },
    },
    async (req) => {
      const { customerId } = callerOf(req);
      return s.results.publish(customerId, req.body.section);
    },
  );

  app.post(
    '/api/Staff/Marks/:orderItemId/Reopen',
    {
      config: { access: { staff: ORGANISER } },
      schema: {
        tags,
        summary: 'Send a submitted, unpublished mark back to its adjudicator as a draft',
        params: StaffEntryParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      const { customerId } = callerOf(req);
      await s.marking.reopenMark(customerId, req.params.orderItemId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/Staff/OrderItems/:orderItemId/Certificates',
    {
      config: { access: { staff: ORGANISER } },
      schema: {
        tags,
        summary: "Make a published entry's certificates again (after an amendment)",
        params: StaffEntryParamsSchema,
        response: { 200: RegeneratedCertificatesSchema, ...errors },
      },
    },
    async (req) => {
      const { customerId } = callerOf(req);
      return {
        certificates: await s.certificates.regenerate(customerId, req.params.orderItemId),
      };
    },
  );

  app.get(
    '/api/Staff/Overview',
    {
      config: { access: { staff: ORGANISER } },
      schema: {
        tags,
        summary: 'Entries per section and status, payments, marking progress per adjudicator',
        response: { 200: OverviewSchema, ...errors },
      },
    },
    async () => {
      const event = await eventId();
      const figures = await overviewFigures(app.db, event);
      const adjudicators = await s.adjudicators.listAdjudicators();
      return {
        ...figures,
        adjudicators: adjudicators.map((a) => ({
          id: a.id,
          name: `${a.firstName} ${a.surname}`,
          progress: a.progress,
        })),
      };
    },
  );

  app.get(
    '/api/Staff/Export/Entries.csv',
    {
      config: { access: { staff: ORGANISER } },
      schema: {
        tags,
        summary: 'Every checked-out entry with contestant, school, item, status and mark (CSV)',
      },
    },
    async (_req, reply) => {
      const event = await eventId();
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="entries-event-${event}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(entriesCsv(app.db, event)));
    },
  );
};

import { sendCompressedJson } from '../../lib/compressed-json.ts';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  CategoryItemsParamsSchema,
  CategorySchema,
  EventIdParamsSchema,
  EventSummarySchema,
  ItemPageSchema,
  ItemSchema,
  PageQuerySchema,
  SearchQuerySchema,
  SectionPageQuerySchema,
  SectionSchema,
} from '@eisteddfod/shared';
import { notFound } from '../../lib/errors.ts';

const tags = ['Catalogue'];

const errors = { 400: ApiErrorSchema, 404: ApiErrorSchema };

/** Spec 7, "Eisteddfods (event)": the catalogue calls, with their "also seen as" aliases. */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const catalogue = app.catalogue;

  async function currentEventId(): Promise<number> {
    const id = await catalogue.currentEventId();
    if (id === undefined) throw notFound('EVENT_NOT_FOUND', 'No event has been set up yet');
    return id;
  }

  app.get(
    '/api/Eisteddfods/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "The event's dates and fees",
        params: EventIdParamsSchema,
        response: { 200: EventSummarySchema, ...errors },
      },
    },
    async (req) => catalogue.getEvent(req.params.id),
  );

  app.get(
    '/api/Eisteddfods/:id/Categories',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Every category of the event, with its section',
        params: EventIdParamsSchema,
        response: { 200: z.array(CategorySchema), ...errors },
      },
    },
    async (req) => catalogue.listCategories(req.params.id),
  );

  app.get(
    '/api/Eisteddfods/:id/Categories/:categoryId/Items',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'One page of the items of a category, optionally searched',
        params: CategoryItemsParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: ItemPageSchema, ...errors },
      },
    },
    async (req, reply) =>
      sendCompressedJson(
        req,
        reply,
        await catalogue.pageCategoryItemsJson(req.params.id, req.params.categoryId, req.query),
      ),
  );

  const sectionItems = {
    config: { access: 'public' as const },
    schema: {
      tags,
      summary: 'One page of the items of a section, optionally searched',
      querystring: SectionPageQuerySchema,
      response: { 200: ItemPageSchema, ...errors },
    },
  };
  app.get('/api/Eisteddfods/Categories/SectionItems', sectionItems, async (req, reply) =>
    sendCompressedJson(
      req,
      reply,
      await catalogue.pageItemsJson(await currentEventId(), req.query),
    ),
  );
  app.get(
    '/api/Eisteddfods/categories/:section/items',
    {
      config: { access: 'public' },
      schema: {
        ...sectionItems.schema,
        params: z.object({ section: SectionSchema }),
        querystring: PageQuerySchema,
      },
    },
    async (req, reply) =>
      sendCompressedJson(
        req,
        reply,
        await catalogue.pageItemsJson(await currentEventId(), {
          ...req.query,
          section: req.params.section,
        }),
      ),
  );

  app.get(
    '/api/Eisteddfods/:id/Items',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Every item of the event matching a search',
        params: EventIdParamsSchema,
        querystring: SearchQuerySchema,
        response: { 200: z.array(ItemSchema), ...errors },
      },
    },
    async (req) => catalogue.searchItems(req.params.id, req.query.search),
  );

  const itemsSearch = {
    config: { access: 'public' as const },
    schema: {
      tags,
      summary: 'One page of the items of the whole event, optionally searched',
      params: EventIdParamsSchema,
      querystring: PageQuerySchema,
      response: { 200: ItemPageSchema, ...errors },
    },
  };
  for (const path of ['/api/Eisteddfods/:id/ItemsSearch', '/api/Eisteddfods/:id/items/search']) {
    app.get(path, itemsSearch, async (req, reply) =>
      sendCompressedJson(req, reply, await catalogue.pageItemsJson(req.params.id, req.query)),
    );
  }
};

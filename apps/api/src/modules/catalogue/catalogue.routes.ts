import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogueApi, EVENT_TEXT } from '@eisteddfod/shared';
import { sendCompressedJson } from '../../lib/compressed-json.ts';
import { notFound } from '../../lib/errors.ts';
import { serve } from '../../plugins/endpoints.ts';

/** Spec 7, "Eisteddfods (event)": the catalogue calls, with their "also seen as" aliases. */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const catalogue = app.catalogue;

  async function currentEventId(): Promise<number> {
    const id = await catalogue.currentEventId();
    if (id === undefined) throw notFound('EVENT_NOT_FOUND', EVENT_TEXT.say('noEventYet'));
    return id;
  }

  serve(app, catalogueApi.event, async (req) => catalogue.getEvent(req.params.id));

  serve(app, catalogueApi.categories, async (req) => catalogue.listCategories(req.params.id));

  // The pages are kept compressed in memory and sent as they are (decision 002).
  serve(app, catalogueApi.categoryItems, async (req, reply) =>
    sendCompressedJson(
      req,
      reply,
      await catalogue.pageCategoryItemsJson(req.params.id, req.params.categoryId, req.query),
    ),
  );

  serve(app, catalogueApi.sectionItems, async (req, reply) =>
    sendCompressedJson(
      req,
      reply,
      await catalogue.pageItemsJson(await currentEventId(), req.query),
    ),
  );

  serve(app, catalogueApi.sectionItemsByPath, async (req, reply) =>
    sendCompressedJson(
      req,
      reply,
      await catalogue.pageItemsJson(await currentEventId(), {
        ...req.query,
        section: req.params.section,
      }),
    ),
  );

  serve(app, catalogueApi.searchItems, async (req) =>
    catalogue.searchItems(req.params.id, req.query.search),
  );

  serve(app, catalogueApi.itemsPage, async (req, reply) =>
    sendCompressedJson(req, reply, await catalogue.pageItemsJson(req.params.id, req.query)),
  );
};

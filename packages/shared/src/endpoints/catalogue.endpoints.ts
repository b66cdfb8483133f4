import { z } from 'zod';
import { defineEndpoint } from '../api/endpoint.ts';
import {
  CategoryItemsParamsSchema,
  CategorySchema,
  EventIdParamsSchema,
  ItemPageSchema,
  ItemSchema,
  PageQuerySchema,
  SearchQuerySchema,
  SectionPageQuerySchema,
  SectionSchema,
} from '../catalogue/catalogue.schema.ts';
import { EventSummarySchema } from '../event/event.schema.ts';

const tags = ['Catalogue'];
const errors = [400, 404] as const;

/** Spec 7, "Eisteddfods (event)": the catalogue calls, with their "also seen as" aliases. */
export const catalogueApi = {
  event: defineEndpoint({
    method: 'GET',
    path: '/api/Eisteddfods/:id',
    access: 'public',
    tags,
    summary: "The event's dates and fees",
    params: EventIdParamsSchema,
    responses: { 200: EventSummarySchema },
    errors,
  }),
  categories: defineEndpoint({
    method: 'GET',
    path: '/api/Eisteddfods/:id/Categories',
    access: 'public',
    tags,
    summary: 'Every category of the event, with its section',
    params: EventIdParamsSchema,
    responses: { 200: z.array(CategorySchema) },
    errors,
  }),
  categoryItems: defineEndpoint({
    method: 'GET',
    path: '/api/Eisteddfods/:id/Categories/:categoryId/Items',
    access: 'public',
    tags,
    summary: 'One page of the items of a category, optionally searched',
    params: CategoryItemsParamsSchema,
    query: PageQuerySchema,
    responses: { 200: ItemPageSchema },
    errors,
  }),
  sectionItems: defineEndpoint({
    method: 'GET',
    path: '/api/Eisteddfods/Categories/SectionItems',
    access: 'public',
    tags,
    summary: 'One page of the items of a section, optionally searched',
    query: SectionPageQuerySchema,
    responses: { 200: ItemPageSchema },
    errors,
  }),
  sectionItemsByPath: defineEndpoint({
    method: 'GET',
    path: '/api/Eisteddfods/categories/:section/items',
    access: 'public',
    tags,
    summary: 'One page of the items of a section, optionally searched',
    params: z.object({ section: SectionSchema }),
    query: PageQuerySchema,
    responses: { 200: ItemPageSchema },
    errors,
  }),
  searchItems: defineEndpoint({
    method: 'GET',
    path: '/api/Eisteddfods/:id/Items',
    access: 'public',
    tags,
    summary: 'Every item of the event matching a search',
    params: EventIdParamsSchema,
    query: SearchQuerySchema,
    responses: { 200: z.array(ItemSchema) },
    errors,
  }),
  itemsPage: defineEndpoint({
    method: 'GET',
    path: '/api/Eisteddfods/:id/ItemsSearch',
    aliases: ['/api/Eisteddfods/:id/items/search'],
    access: 'public',
    tags,
    summary: 'One page of the items of the whole event, optionally searched',
    params: EventIdParamsSchema,
    query: PageQuerySchema,
    responses: { 200: ItemPageSchema },
    errors,
  }),
};

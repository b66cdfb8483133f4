import { defineEndpoint } from '../api/endpoint.ts';
import {
  CategoryFieldsSchema,
  CategoryParamsSchema,
  ExportQuerySchema,
  ImportQuerySchema,
  ImportReportSchema,
  ItemFieldsSchema,
  ItemParamsSchema,
  StaffCatalogueSchema,
  StaffCategorySchema,
  StaffItemSchema,
} from '../catalogue/catalogue-editor.schema.ts';
import { StaffEventParamsSchema } from '../event/event-setup.schema.ts';

const tags = ['Staff: catalogue'];
const errors = [400, 401, 403, 404, 409] as const;
const staff = { staff: 'manage:catalogue' } as const;

/**
 * /api/Staff/Events/:id/…: the catalogue of one event as organisers edit it (issue 16): its
 * categories and items in the browser, or the whole of it as a spreadsheet.
 */
export const catalogueEditorApi = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/Staff/Events/:id/Catalogue',
    access: staff,
    tags,
    summary: "The event's categories and items, retired ones included, with their entries",
    params: StaffEventParamsSchema,
    responses: { 200: StaffCatalogueSchema },
    errors,
  }),
  addCategory: defineEndpoint({
    method: 'POST',
    path: '/api/Staff/Events/:id/Categories',
    access: staff,
    tags,
    summary: 'Add a category to a section',
    params: StaffEventParamsSchema,
    body: CategoryFieldsSchema,
    responses: { 201: StaffCategorySchema },
    errors,
  }),
  updateCategory: defineEndpoint({
    method: 'PUT',
    path: '/api/Staff/Events/:id/Categories/:categoryId',
    access: staff,
    tags,
    summary: 'Rename a category or move it to another section',
    params: CategoryParamsSchema,
    body: CategoryFieldsSchema,
    responses: { 200: StaffCategorySchema },
    errors,
  }),
  deleteCategory: defineEndpoint({
    method: 'DELETE',
    path: '/api/Staff/Events/:id/Categories/:categoryId',
    access: staff,
    tags,
    summary: 'Delete a category that has no items',
    params: CategoryParamsSchema,
    responses: { 204: null },
    errors,
  }),
  addItem: defineEndpoint({
    method: 'POST',
    path: '/api/Staff/Events/:id/Items',
    access: staff,
    tags,
    summary: 'Add an item',
    params: StaffEventParamsSchema,
    body: ItemFieldsSchema,
    responses: { 201: StaffItemSchema },
    errors,
  }),
  updateItem: defineEndpoint({
    method: 'PUT',
    path: '/api/Staff/Events/:id/Items/:itemId',
    access: staff,
    tags,
    summary: 'Change an item, or retire it (its price is fixed once it is in a paid order)',
    params: ItemParamsSchema,
    body: ItemFieldsSchema,
    responses: { 200: StaffItemSchema },
    errors,
  }),
  deleteItem: defineEndpoint({
    method: 'DELETE',
    path: '/api/Staff/Events/:id/Items/:itemId',
    access: staff,
    tags,
    summary: 'Delete an item nobody has entered (an entered one is retired instead)',
    params: ItemParamsSchema,
    responses: { 204: null },
    errors,
  }),
  exportSheet: defineEndpoint({
    method: 'GET',
    path: '/api/Staff/Events/:id/Catalogue/Export',
    access: staff,
    tags,
    summary: 'The catalogue as a spreadsheet (CSV or XLSX), in the columns an import reads',
    params: StaffEventParamsSchema,
    query: ExportQuerySchema,
    responses: { 200: null },
    produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    errors,
  }),
  importSheet: defineEndpoint({
    method: 'POST',
    path: '/api/Staff/Events/:id/Catalogue/Import',
    access: staff,
    tags,
    summary:
      'Check (dry run) or import a catalogue spreadsheet (CSV or XLSX, multipart field "file"): all rows or none',
    params: StaffEventParamsSchema,
    query: ImportQuerySchema,
    consumes: ['multipart/form-data'],
    responses: { 200: ImportReportSchema },
    errors: [400, 401, 403, 404, 409, 413, 415],
  }),
};

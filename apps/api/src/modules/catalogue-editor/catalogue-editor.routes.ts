import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { catalogueEditorApi } from '@eisteddfod/shared';
import { readOneFile } from '../../lib/multipart-file.ts';
import { callerOf } from '../../plugins/access.ts';
import { serve } from '../../plugins/endpoints.ts';
import { CSV_TYPE, XLSX_TYPE } from './catalogue-sheet.ts';

/** A spreadsheet of 10,000 items is about 2 MB as CSV; twice that leaves room for XLSX styles. */
const MAX_SHEET_BYTES = 5 * 1024 * 1024;

/** /api/Staff/Events/:id/Catalogue, Categories, Items: organisers only (from each definition). */
export const catalogueEditorRoutes: FastifyPluginAsyncZod = async (app) => {
  const editor = app.catalogueEditor;
  await app.register(multipart, { limits: { fileSize: MAX_SHEET_BYTES, files: 1, fields: 0 } });

  serve(app, catalogueEditorApi.get, (req) => editor.get(req.params.id));

  serve(app, catalogueEditorApi.addCategory, async (req, reply) =>
    reply
      .code(201)
      .send(await editor.addCategory(callerOf(req).customerId, req.params.id, req.body)),
  );

  serve(app, catalogueEditorApi.updateCategory, (req) =>
    editor.updateCategory(callerOf(req).customerId, req.params.id, req.params.categoryId, req.body),
  );

  serve(app, catalogueEditorApi.deleteCategory, async (req, reply) => {
    await editor.deleteCategory(callerOf(req).customerId, req.params.id, req.params.categoryId);
    return reply.code(204).send(null);
  });

  serve(app, catalogueEditorApi.addItem, async (req, reply) =>
    reply.code(201).send(await editor.addItem(callerOf(req).customerId, req.params.id, req.body)),
  );

  serve(app, catalogueEditorApi.updateItem, (req) =>
    editor.updateItem(callerOf(req).customerId, req.params.id, req.params.itemId, req.body),
  );

  serve(app, catalogueEditorApi.deleteItem, async (req, reply) => {
    await editor.deleteItem(callerOf(req).customerId, req.params.id, req.params.itemId);
    return reply.code(204).send(null);
  });

  serve(app, catalogueEditorApi.exportSheet, async (req, reply) => {
    const { format } = req.query;
    const sheet = await editor.exportSheet(req.params.id, format);
    return reply
      .type(format === 'csv' ? CSV_TYPE : XLSX_TYPE)
      .header('content-disposition', `attachment; filename="${sheet.fileName}"`)
      .header('cache-control', 'no-store')
      .send(sheet.data);
  });

  serve(app, catalogueEditorApi.importSheet, async (req) => {
    const file = await readOneFile(
      req,
      'The spreadsheet is larger than 5 MB: split it, or leave out columns it does not change.',
    );
    return editor.importSheet(callerOf(req).customerId, req.params.id, file, req.query.commit);
  });
};

import { z } from 'zod';
import { CustomerIdParamsSchema } from '../accounts/accounts.schema.ts';
import { defineEndpoint } from '../api/endpoint.ts';
import {
  CreateReminderCampaignSchema,
  ReminderCampaignParamsSchema,
  ReminderCampaignSchema,
  ReminderPreviewQuerySchema,
  ReminderPreviewSchema,
  ReminderSettingsSchema,
} from '../reminders/reminders.schema.ts';

const tags = ['Staff: reminders'];
const errors = [400, 401, 403, 404, 409] as const;
const staff = { staff: 'manage:reminders' } as const;

/**
 * /api/Staff/Reminders: organisers schedule reminders (issue 17, decision 022); a family turns
 * them off on My Profile (/api/Customers/{id}/ReminderSettings).
 */
export const remindersApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/Staff/Reminders',
    access: staff,
    tags,
    summary: 'Every reminder campaign, newest first, with its delivery figures',
    responses: { 200: z.array(ReminderCampaignSchema) },
    errors,
  }),
  preview: defineEndpoint({
    method: 'GET',
    path: '/api/Staff/Reminders/Preview',
    access: staff,
    tags,
    summary: "How many families a reminder would reach now, and one family's message",
    query: ReminderPreviewQuerySchema,
    responses: { 200: ReminderPreviewSchema },
    errors,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/Staff/Reminders',
    access: staff,
    tags,
    summary: 'Schedule a reminder campaign (or send it now when sendAt is null)',
    body: CreateReminderCampaignSchema,
    responses: { 201: ReminderCampaignSchema },
    errors,
  }),
  sendNow: defineEndpoint({
    method: 'POST',
    path: '/api/Staff/Reminders/:id/SendNow',
    access: staff,
    tags,
    summary: 'Send a scheduled reminder campaign now',
    params: ReminderCampaignParamsSchema,
    responses: { 200: ReminderCampaignSchema },
    errors,
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: '/api/Staff/Reminders/:id/Cancel',
    access: staff,
    tags,
    summary: 'Cancel a scheduled reminder campaign',
    params: ReminderCampaignParamsSchema,
    responses: { 200: ReminderCampaignSchema },
    errors,
  }),
  getSettings: defineEndpoint({
    method: 'GET',
    path: '/api/Customers/:id/ReminderSettings',
    access: 'customer',
    tags: ['Accounts'],
    summary: 'Whether the family gets reminders',
    params: CustomerIdParamsSchema,
    responses: { 200: ReminderSettingsSchema },
    errors,
  }),
  updateSettings: defineEndpoint({
    method: 'PUT',
    path: '/api/Customers/:id/ReminderSettings',
    access: 'customer',
    tags: ['Accounts'],
    summary: 'Turn reminders on or off for the family',
    params: CustomerIdParamsSchema,
    body: ReminderSettingsSchema,
    responses: { 200: ReminderSettingsSchema },
    errors,
  }),
};

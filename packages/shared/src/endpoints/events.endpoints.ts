import { defineEndpoint } from '../api/endpoint.ts';
import {
  CopyEventSchema,
  EventSettingsSchema,
  MakeEventLiveSchema,
  ShiftEventDatesSchema,
  StaffEventParamsSchema,
  StaffEventSchema,
  StaffEventsSchema,
} from '../event/event-setup.schema.ts';

const tags = ['Staff: events'];
const errors = [400, 401, 403, 404, 409] as const;
const staff = { staff: 'manage:events' } as const;

/**
 * /api/Staff/Events: organisers set up each year's event from the browser (issue 16): copy
 * an earlier one, move its dates, edit its settings, make it the one families see.
 */
export const eventsApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/Staff/Events',
    access: staff,
    tags,
    summary: 'Every event, newest first, with the one families see',
    responses: { 200: StaffEventsSchema },
    errors,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/Staff/Events/:id',
    access: staff,
    tags,
    summary: 'One event and its settings',
    params: StaffEventParamsSchema,
    responses: { 200: StaffEventSchema },
    errors,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/Staff/Events/:id',
    access: staff,
    tags,
    summary: "Change an event's settings: names, time zone, dates and fees",
    params: StaffEventParamsSchema,
    body: EventSettingsSchema,
    responses: { 200: StaffEventSchema },
    errors,
  }),
  startFromDemo: defineEndpoint({
    method: 'POST',
    path: '/api/Staff/Events/FromDemo',
    access: staff,
    tags,
    summary: "A new site's first event, from the demo event: this season's dates, not live",
    responses: { 201: StaffEventSchema },
    errors,
  }),
  copy: defineEndpoint({
    method: 'POST',
    path: '/api/Staff/Events/:id/Copy',
    access: staff,
    tags,
    summary: 'A new event from this one: catalogue, rubrics, content and settings, dates moved',
    params: StaffEventParamsSchema,
    body: CopyEventSchema,
    responses: { 201: StaffEventSchema },
    errors,
  }),
  shiftDates: defineEndpoint({
    method: 'POST',
    path: '/api/Staff/Events/:id/ShiftDates',
    access: staff,
    tags,
    summary: "Move every date of the event and its items' due dates by a number of days",
    params: StaffEventParamsSchema,
    body: ShiftEventDatesSchema,
    responses: { 200: StaffEventSchema },
    errors,
  }),
  makeLive: defineEndpoint({
    method: 'POST',
    path: '/api/Staff/Events/:id/MakeLive',
    access: staff,
    tags,
    summary:
      'Make this the event families see (the one live before stays readable); a copy whose texts still name its old year needs oldYearTextsAccepted',
    params: StaffEventParamsSchema,
    body: MakeEventLiveSchema,
    responses: { 200: StaffEventsSchema },
    errors,
  }),
};

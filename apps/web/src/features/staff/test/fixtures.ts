import type { StaffEvent, StaffMe } from '@eisteddfod/shared';

// What the staff screens' tests are served: one organiser, one event not yet live.

export const organiser: StaffMe = {
  customerId: 1,
  firstName: 'Olwethu',
  surname: 'Staff',
  role: 'organiser',
};

/** Next year's event as a copy makes it (id 2, 189 items, no orders). */
export const staffEvent: StaffEvent = {
  id: 2,
  isLive: false,
  isServed: false,
  categories: 30,
  items: 189,
  orders: 0,
  unpublishedEntries: 0,
  createdAt: '2026-11-25T00:00:00.000Z',
  copiedFromYear: null,
  oldYearTexts: [],
  settings: {
    name: 'Online Eisteddfod 2026',
    year: 2026,
    hostLine: 'Hosted by Bluegum Heights College',
    timeZone: 'Africa/Johannesburg',
    certificatesFolder: '2026Certificates',
    dates: {
      registrationOpens: '2026-03-23',
      registrationCloses: '2026-04-19',
      uploadsOpen: '2026-04-13',
      submissionStarts: '2026-04-20',
      submissionEnds: '2026-04-24',
      visualArtsDue: '2026-04-20',
      galaAwards: '2026-06-17',
      lateEntryFrom: '2026-04-20',
    },
    fees: {
      individualCents: 16000,
      groupSmallCents: 25000,
      groupLargeCents: 35000,
      groupLargeFromParticipants: 10,
      changeFeeCents: 25000,
      amendmentFeeCents: 25000,
      lateSurchargePercent: 50,
    },
  },
};

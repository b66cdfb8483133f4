import type { FamilyDetails, FamilySearchPage, Item, StaffSchool } from '@eisteddfod/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../test/api-mock.ts';
import { renderRoutes } from '../../test/render.tsx';
import FamiliesPage from './FamiliesPage.tsx';
import FamilyPage from './FamilyPage.tsx';
import { organiser } from './test/fixtures.ts';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const found: FamilySearchPage = {
  rows: [
    {
      id: 7,
      firstName: 'Busisiwe',
      surname: 'Ngcobo',
      email: 'busi@example.org',
      mobileNumber: null,
      contestants: ['Kagiso Ngcobo'],
      matched: ['contestant'],
    },
  ],
  total: 1,
  schools: [],
};

const T = '2025-04-01T10:00:00.000Z';
const dance = { id: 3, name: 'Ballet', section: 'Dance' as const };
const item = (id: number, code: string): Item => ({
  id,
  code,
  shortDescription: `Ballet solo ${code}`,
  description: '',
  price: 16000,
  dueDate: '2025-04-24',
  isGroupItem: false,
  minimumParticipants: 1,
  maximumParticipants: 1,
  requiresAnInstrument: false,
  grades: null,
  otherGradesAllowed: false,
  deadlinePassed: true,
  category: dance,
});

const family: FamilyDetails = {
  family: {
    id: 7,
    firstName: 'Busisiwe',
    surname: 'Ngcobo',
    email: 'busi@example.org',
    mobileNumber: null,
    country: 'South Africa',
    createdAt: T,
    identities: [{ channel: 'email', identifier: 'busi@example.org', verified: true }],
  },
  fees: { amendmentCents: 25000, changeCents: 25000 },
  entryWindow: { opensOn: '2025-03-24', open: true, letInEarly: null },
  contestants: [
    {
      id: 11,
      firstName: 'Kagiso',
      surname: 'Ngcobo',
      email: null,
      mobileNumber: null,
      school: 'Other School',
      grade: '5',
      gender: 'male',
      acceptedTermsAt: T,
      acceptedHonourPledgeAt: T,
      createdAt: T,
      updatedAt: T,
      picture: null,
    },
  ],
  orders: [
    {
      id: 42,
      orderNumber: 'E2025-000042',
      eventName: 'Online Eisteddfod 2025',
      status: 'awaiting_payment',
      isImported: false,
      sendWhatsAppConfirmation: false,
      confirmationEmail: 'busi@example.org',
      subtotalCents: 16000,
      surchargeCents: 0,
      totalCents: 16000,
      createdAt: T,
      checkedOutAt: T,
      completedAt: null,
      items: [
        {
          id: 90,
          contestant: 'Kagiso Ngcobo',
          itemCode: 'DN101',
          itemShortDescription: 'Ballet solo DN101',
          priceCents: 16000,
          isCancelled: false,
        },
      ],
    },
    {
      id: 41,
      orderNumber: 'E2025-000041',
      eventName: 'Online Eisteddfod 2025',
      status: 'paid',
      isImported: false,
      sendWhatsAppConfirmation: false,
      confirmationEmail: 'busi@example.org',
      subtotalCents: 16000,
      surchargeCents: 0,
      totalCents: 16000,
      createdAt: T,
      checkedOutAt: T,
      completedAt: T,
      items: [],
    },
  ],
  payments: [
    {
      key: 'provider:1',
      source: 'provider',
      kind: 'provider_payment',
      orderId: 41,
      orderNumber: 'E2025-000041',
      method: 'sandbox',
      reference: 'SBX-1',
      amountCents: 16000,
      status: 'credited',
      at: T,
    },
  ],
  manualPaymentsShown: true,
  entries: [
    {
      id: 90,
      eventId: 1,
      orderId: 42,
      orderNumber: 'E2025-000042',
      participantProfileId: 11,
      contestant: 'Kagiso Ngcobo',
      itemId: 1,
      itemCode: 'DN101',
      itemShortDescription: 'Ballet solo DN101',
      section: 'Dance',
      isGroupItem: false,
      groupName: null,
      groupMembers: [],
      paid: false,
      withdrawn: false,
      filesComplete: false,
      finalised: false,
      finalisedAt: null,
      files: [],
      mark: null,
      certificates: [],
    },
  ],
  messages: [
    {
      id: 5,
      channel: 'email',
      recipient: 'busi@example.org',
      subject: 'Your entries are confirmed (order E2025-000041)',
      status: 'failed',
      attempts: 5,
      lastError: 'SMTP refused',
      createdAt: T,
      sentAt: null,
    },
  ],
  teaching: [],
};

const schools: StaffSchool[] = [
  { id: 1, name: 'Other School', kind: 'school', contestants: 3, teachers: 0, fixed: true },
  {
    id: 2,
    name: 'Amanzi Valley High School',
    kind: 'school',
    contestants: 1,
    teachers: 0,
    fixed: false,
  },
];

/** A family with what an organiser checks (issue 34): a photo, a group, an empty slot. */
const checked: FamilyDetails = {
  ...family,
  family: { ...family.family, id: 9 },
  contestants: [
    {
      ...family.contestants[0]!,
      picture: { link: '/api/files/abc/picture?expires=1&signature=s', name: 'uniform.jpg' },
    },
  ],
  entries: [
    {
      ...family.entries[0]!,
      id: 91,
      itemCode: 'DN201',
      itemShortDescription: 'Dance group DN201',
      isGroupItem: true,
      groupName: 'The Jacarandas',
      groupMembers: [
        { name: 'Lwazi Khumalo', grade: '4', school: 'Other School' },
        { name: 'Zola Khumalo', grade: 'R', school: 'Other School' },
      ],
      files: [
        {
          key: 'video:a',
          kind: 'video',
          name: 'New video',
          sizeInBytes: null,
          state: 'empty',
          at: T,
        },
        {
          key: 'video:b',
          kind: 'video',
          name: 'dance.mp4',
          sizeInBytes: null,
          state: 'uploading',
          at: T,
        },
        {
          key: 'upload:1',
          kind: 'supporting',
          name: 'score.pdf',
          sizeInBytes: 2048,
          state: 'uploaded',
          at: T,
        },
      ],
    },
  ],
};

/** A family of an event whose registration has not opened yet (decision 041). */
let notOpenYet: FamilyDetails;

function serve() {
  notOpenYet = {
    ...family,
    family: { ...family.family, id: 8 },
    entryWindow: { opensOn: '2026-03-24', open: false, letInEarly: null },
  };
  return mockApi((r) => {
    if (r.path === '/api/Staff/Me') return [200, organiser];
    if (r.path === '/api/Staff/Families') return [200, found];
    if (r.path === '/api/Staff/Families/7') return [200, family];
    if (r.path === '/api/Staff/Families/8') return [200, notOpenYet];
    if (r.path === '/api/Staff/Families/9') return [200, checked];
    if (r.path === '/api/Staff/Families/8/EarlyEntry') {
      notOpenYet = {
        ...notOpenYet,
        entryWindow: {
          opensOn: '2026-03-24',
          open: false,
          letInEarly: { by: 'Olwethu Staff', at: T },
        },
      };
      return [200, notOpenYet];
    }
    if (r.path === '/api/Staff/Schools') return [200, schools];
    if (r.path === '/api/Eisteddfods/1/ItemsSearch') {
      return [200, { items: [item(1, 'DN101'), item(2, 'DN102')], total: 2 }];
    }
    if (r.path === '/api/Staff/Families/7/Entries/90/Item') return [200, family];
    if (r.path === '/api/Staff/Families/7/Contestants/11') return [200, family];
    if (r.path === '/api/Staff/Families/7/Orders/41/ResendConfirmation') {
      return [200, { messages: [{ channel: 'email', recipient: 'busi@example.org' }] }];
    }
    if (r.path === '/api/Staff/Orders/42/ManualPayments') {
      return [
        201,
        {
          id: 1,
          kind: 'manual_payment',
          method: 'bank_transfer',
          reference: 'FNB 123',
          amountCents: 16000,
          orderId: 42,
          orderNumber: 'E2025-000042',
          receivedOn: '2025-04-01',
          note: null,
          recordedBy: 'Olwethu Staff',
          createdAt: T,
        },
      ];
    }
    return [404, apiError(404, 'NOT_FOUND')];
  });
}

const render = (path: string) =>
  renderRoutes(
    [
      { path: '/staff/families', element: <FamiliesPage /> },
      { path: '/staff/families/:id', element: <FamilyPage /> },
    ],
    path,
  );

describe('the family desk (/staff/families)', () => {
  beforeEach(() => localStorage.setItem('token', 'session-token'));
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('searches from 2 characters and links each family to its page', async () => {
    const requests = serve();
    const user = userEvent.setup();
    const { router } = render('/staff/families');
    const box = await screen.findByRole('searchbox', { name: 'Search families' });
    await user.type(box, 'K');
    expect(await screen.findByText('Please type at least 2 characters.')).toBeInTheDocument();
    await user.type(box, 'agiso ');
    const link = await screen.findByRole('link', { name: 'Busisiwe Ngcobo' });
    const search = requests.find((r) => r.path === '/api/Staff/Families');
    expect(search?.query.get('q')).toBe('Kagiso');
    expect(screen.getByText('Contestants: Kagiso Ngcobo')).toBeInTheDocument();
    expect(within(screen.getByLabelText('Matched by')).getByText('Contestant')).toBeInTheDocument();
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/families/7'));
  });

  it('records a bank transfer for the unpaid order, and resends a paid one', async () => {
    const requests = serve();
    const user = userEvent.setup();
    render('/staff/families/7');
    expect(await screen.findByRole('heading', { name: 'Busisiwe Ngcobo' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Orders (2)' }));
    const unpaid = screen.getByRole('region', { name: 'Order E2025-000042' });
    const paid = screen.getByRole('region', { name: 'Order E2025-000041' });
    expect(within(paid).queryByRole('button', { name: 'Record payment' })).not.toBeInTheDocument();
    await user.click(within(unpaid).getByRole('button', { name: 'Record payment' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Record a payment for order E2025-000042',
    });
    await user.type(within(dialog).getByRole('textbox', { name: /Reference/ }), 'FNB 123');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() =>
      expect(
        requests.find((r) => r.path === '/api/Staff/Orders/42/ManualPayments')?.body,
      ).toMatchObject({ method: 'bank_transfer', reference: 'FNB 123', amountCents: 16000 }),
    );
    // The page is read again once the dialog closes.
    await waitFor(() =>
      expect(requests.filter((r) => r.path === '/api/Staff/Families/7').length).toBeGreaterThan(1),
    );

    await user.click(within(paid).getByRole('button', { name: 'Resend payment confirmation' }));
    const resend = await screen.findByRole('dialog', {
      name: 'Resend the confirmation of order E2025-000041',
    });
    await user.click(within(resend).getByRole('button', { name: 'Send again' }));
    await waitFor(() =>
      expect(
        requests.some(
          (r) =>
            r.path === '/api/Staff/Families/7/Orders/41/ResendConfirmation' && r.method === 'POST',
        ),
      ).toBe(true),
    );
    const payments = screen.getByRole('region', { name: 'Payments' });
    expect(within(payments).getByText('credited')).toBeInTheDocument();
  });

  it("changes an entry's item only once the change fee is answered", async () => {
    const requests = serve();
    const user = userEvent.setup();
    render('/staff/families/7');
    await user.click(await screen.findByRole('tab', { name: 'Entries (1)' }));
    const entry = screen.getByRole('region', { name: 'Entry DN101, Kagiso Ngcobo' });
    expect(within(entry).getByText('Unpaid')).toBeInTheDocument();
    expect(within(entry).getByText('No main file')).toBeInTheDocument();
    await user.click(within(entry).getByRole('button', { name: 'Change item code' }));
    const dialog = await screen.findByRole('dialog', {
      name: "Change the item of Kagiso Ngcobo's entry",
    });
    expect(within(dialog).getByText('Change fee for a wrong item code: R 250.00')).toBeVisible();
    const save = within(dialog).getByRole('button', { name: 'Change item' });
    expect(save).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: 'Select Item Code' }));
    await user.click(await screen.findByRole('option', { name: /DN102/, hidden: true }));
    expect(save).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: 'The fee applies' }));
    await user.click(save);
    await waitFor(() =>
      expect(
        requests.find((r) => r.path === '/api/Staff/Families/7/Entries/90/Item')?.body,
      ).toEqual({ itemId: 2, feeApplies: true }),
    );
  });

  it("corrects a contestant's details with the amendment fee answered", async () => {
    const requests = serve();
    const user = userEvent.setup();
    render('/staff/families/7');
    const card = await screen.findByRole('region', { name: 'Kagiso Ngcobo' });
    await user.click(within(card).getByRole('button', { name: 'Correct details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Correct Kagiso Ngcobo' });
    expect(
      within(dialog).getByText(
        'Amendment of participant details or certificate regeneration: R 250.00',
      ),
    ).toBeVisible();
    const surname = within(dialog).getByRole('textbox', { name: 'Last Name' });
    await user.clear(surname);
    await user.type(surname, 'Ngcobo-Dube');
    await user.click(within(dialog).getByRole('radio', { name: 'No fee' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save correction' }));
    await waitFor(() =>
      expect(
        requests.find((r) => r.path === '/api/Staff/Families/7/Contestants/11')?.body,
      ).toMatchObject({ surname: 'Ngcobo-Dube', school: 'Other School', feeApplies: false }),
    );
  });

  it('lets a family enter before registration opens, and says who did', async () => {
    const requests = serve();
    const user = userEvent.setup();
    render('/staff/families/8');
    const notice = await screen.findByRole('status', { name: 'Entries are not open yet' });
    expect(notice).toHaveTextContent('Entries for the current event open on 24 March 2026.');
    await user.click(within(notice).getByRole('button', { name: 'Let this family enter early' }));
    expect(
      await within(notice).findByText(/This family may enter early: let in by Olwethu Staff/),
    ).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/api/Staff/Families/8/EarlyEntry')).toHaveLength(1);
  });

  it('says nothing of the opening once entries are open', async () => {
    serve();
    render('/staff/families/7');
    expect(await screen.findByRole('heading', { name: 'Busisiwe Ngcobo' })).toBeInTheDocument();
    expect(screen.queryByText('Entries are not open yet')).not.toBeInTheDocument();
  });

  it("shows a contestant's photo to open larger, with spec 4's uniform rule", async () => {
    serve();
    const user = userEvent.setup();
    render('/staff/families/9');
    const card = await screen.findByRole('region', { name: 'Kagiso Ngcobo' });
    await user.click(
      within(card).getByRole('button', { name: "Open Kagiso Ngcobo's photo larger" }),
    );
    const dialog = await screen.findByRole('dialog', { name: "Kagiso Ngcobo's photo" });
    expect(
      within(dialog).getByRole('img', { name: 'Kagiso Ngcobo, as uploaded by the family' }),
    ).toHaveAttribute('src', '/api/files/abc/picture?expires=1&signature=s');
    // Visible once the modal's opening transition has ended: asserted at once, it failed when
    // the machine was slow enough to catch the transition's first frame (opacity 0).
    await waitFor(() => expect(within(dialog).getByText(/full school uniform/)).toBeVisible());
  });

  it('says when a contestant has no photo', async () => {
    serve();
    render('/staff/families/7');
    const card = await screen.findByRole('region', { name: 'Kagiso Ngcobo' });
    expect(within(card).getByText('No photo uploaded.')).toBeInTheDocument();
  });

  it("lists a group entry's members, and an empty upload slot as no file", async () => {
    serve();
    const user = userEvent.setup();
    render('/staff/families/9');
    await user.click(await screen.findByRole('tab', { name: 'Entries (1)' }));
    const entry = screen.getByRole('region', { name: 'Entry DN201, Kagiso Ngcobo' });
    const members = within(entry).getByRole('list', { name: 'Members of The Jacarandas' });
    expect(
      within(members)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Lwazi Khumalo, Grade 4, Other School', 'Zola Khumalo, Grade R, Other School']);
    expect(within(entry).queryByText(/New video/)).not.toBeInTheDocument();
    expect(within(entry).queryByText(/0 KB/)).not.toBeInTheDocument();
    expect(within(entry).getByText(/^Upload started .*, no data received$/)).toBeInTheDocument();
    expect(
      within(entry).getByText(/^dance\.mp4 \(video, upload begun .*, not finished\)$/),
    ).toBeInTheDocument();
    expect(within(entry).getByText('score.pdf (supporting, 2 KB, uploaded)')).toBeInTheDocument();
  });

  it('lists every message with its delivery state', async () => {
    serve();
    const user = userEvent.setup();
    render('/staff/families/7');
    await user.click(await screen.findByRole('tab', { name: 'Messages (1)' }));
    const table = screen.getByRole('region', { name: 'Messages' });
    const row = within(table).getByRole('row', { name: /E2025-000041/ });
    expect(within(row).getByText('SMTP refused')).toBeInTheDocument();
    expect(within(row).getByText('5')).toBeInTheDocument();
  });
});

import type { GroupMember } from '@eisteddfod/shared';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { cartText } from '../text.ts';
import {
  CUSTOMER_ID,
  browsingServer,
  makeItem,
  makeOrderItem,
} from '../../../test/catalogue-server.ts';
import { GroupParticipantsModal } from './GroupParticipantsModal.tsx';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));
const show = vi.mocked(notifications.show);

const contestant: GroupMember = {
  firstName: 'Lindiwe',
  surname: 'Zulu',
  school: 'Other School',
  gender: 'female',
  grade: '5',
};

function renderModal(min: number, max: number, members: GroupMember[] = [contestant]) {
  const item = makeItem(4, {
    isGroupItem: true,
    minimumParticipants: min,
    maximumParticipants: max,
  });
  const orderItem = makeOrderItem(item, { price: 25000, groupParticipants: members });
  const onClose = vi.fn();
  const requests = mockApi(
    browsingServer({
      answer: ({ method, path, body }) =>
        method === 'POST' && path === `/api/OrderItems/${orderItem.id}/UpdateGroupParticipants`
          ? [200, { ...orderItem, groupParticipants: body as GroupMember[] }]
          : undefined,
    }),
  );
  renderRoutes(
    [{ path: '/', element: <GroupParticipantsModal orderItem={orderItem} onClose={onClose} /> }],
    '/',
  );
  return { requests, onClose };
}

const participants = () => screen.getAllByRole('group', { name: /^Participant \d+$/ });
const participant = (n: number) => screen.getByRole('group', { name: `Participant ${n}` });

async function fill(user: UserEvent, n: number, firstName: string, surname: string) {
  const row = participant(n);
  await user.type(within(row).getByRole('textbox', { name: 'First Name' }), firstName);
  await user.type(within(row).getByRole('textbox', { name: 'Surname' }), surname);
  for (const [label, option] of [
    ['School', 'Greenside High School'],
    ['Gender', 'Male'],
    ['Grade', 'Grade 6 (11-12 years)'],
  ] as const) {
    const field = within(participant(n)).queryByRole('combobox', { name: label });
    if (!field) continue;
    await user.click(field);
    // Every row has its own list of options: pick from the one this field opened.
    const list = await waitFor(() => {
      const id = field.getAttribute('aria-controls');
      const element = id ? document.getElementById(id) : null;
      if (!element) throw new Error(`${label} did not open its options`);
      return element;
    });
    await user.click(within(list).getByRole('option', { name: option, hidden: true }));
  }
}

// Mantine's comboboxes and typed searches are slow on a busy machine.
describe('GroupParticipantsModal (spec 5, "Group participants")', { timeout: 20_000 }, () => {
  beforeEach(() => {
    localStorage.setItem('token', 'session-token');
    localStorage.setItem('customerId', String(CUSTOMER_ID));
  });
  afterEach(() => {
    vi.clearAllMocks();
    vi.unstubAllGlobals();
  });

  it('adds blank rows up to the minimum, hides Remove at the minimum and Add at the maximum', async () => {
    const user = userEvent.setup();
    renderModal(2, 3);
    await screen.findByRole('dialog', { name: 'Group Participants' });
    expect(participants()).toHaveLength(2);
    expect(within(participant(1)).getByRole('textbox', { name: 'First Name' })).toHaveValue(
      'Lindiwe',
    );
    expect(within(participant(2)).getByRole('textbox', { name: 'First Name' })).toHaveValue('');
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Participant' }));
    expect(participants()).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Add Participant' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Remove/ })).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Remove Participant 3' }));
    expect(participants()).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Participant' })).toBeInTheDocument();
  });

  it('keeps a chosen gender, grade and school when the same option is chosen again', async () => {
    const user = userEvent.setup();
    renderModal(1, 3);
    await screen.findByRole('dialog', { name: 'Group Participants' });
    for (const [label, option] of [
      ['Gender', 'Female'],
      ['Grade', 'Grade 5 (10-11 years)'],
      ['School', 'Other School'],
    ] as const) {
      const field = within(participant(1)).getByRole('combobox', { name: label });
      expect(field).toHaveValue(option);
      await user.click(field);
      const list = await waitFor(() => {
        const element = document.getElementById(field.getAttribute('aria-controls') ?? '');
        if (!element) throw new Error(`${label} did not open its options`);
        return element;
      });
      await user.click(within(list).getByRole('option', { name: option, hidden: true }));
      expect(field).toHaveValue(option);
    }
  });

  it("'same school' copies the first school and hides the other rows' school field", async () => {
    const user = userEvent.setup();
    renderModal(3, 8);
    await screen.findByRole('dialog', { name: 'Group Participants' });
    expect(screen.getAllByRole('combobox', { name: 'School' })).toHaveLength(3);
    await user.click(screen.getByRole('checkbox', { name: /Same school/ }));
    expect(screen.getAllByRole('combobox', { name: 'School' })).toHaveLength(1);
    expect(within(participant(1)).getByRole('combobox', { name: 'School' })).toHaveValue(
      'Other School',
    );
    expect(within(participant(2)).queryByRole('combobox', { name: 'School' })).toBeNull();
  });

  it("'same age' copies the first participant's grade to everyone", async () => {
    const user = userEvent.setup();
    renderModal(3, 8);
    await screen.findByRole('dialog', { name: 'Group Participants' });
    await user.click(screen.getByRole('checkbox', { name: /Same age/ }));
    for (const n of [1, 2, 3]) {
      expect(within(participant(n)).getByRole('combobox', { name: 'Grade' })).toHaveValue(
        'Grade 5 (10-11 years)',
      );
    }
  });

  it('says which details are missing before calling the server', async () => {
    const user = userEvent.setup();
    const { requests } = renderModal(2, 3);
    await screen.findByRole('dialog', { name: 'Group Participants' });
    await user.type(within(participant(2)).getByRole('textbox', { name: 'First Name' }), 'Sipho');
    await user.click(screen.getByRole('button', { name: 'Save Participants' }));
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ color: 'orange', message: cartText('groupDetails') }),
    );
    // Issue 32: the first field at fault (the second participant's surname: the first is the
    // contestant, complete) says why and has the focus; the others are marked; what was typed
    // stays.
    const second = within(participant(2));
    const surname = second.getByRole('textbox', { name: 'Surname' });
    expect(surname).toHaveAttribute('aria-invalid', 'true');
    expect(surname).toHaveAccessibleDescription(cartText('groupDetails'));
    expect(surname).toHaveFocus();
    const typed = second.getByRole('textbox', { name: 'First Name' });
    expect(typed).toHaveValue('Sipho');
    expect(typed).not.toHaveAttribute('aria-invalid', 'true');
    expect(second.getByRole('combobox', { name: 'Grade' })).toHaveAttribute('aria-invalid', 'true');
    expect(within(participant(1)).getByRole('textbox', { name: 'First Name' })).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(requests.filter((r) => r.path.includes('UpdateGroupParticipants'))).toEqual([]);
  });

  it('saves every member and shows the live price', async () => {
    const user = userEvent.setup();
    const { requests, onClose } = renderModal(2, 12);
    await screen.findByRole('dialog', { name: 'Group Participants' });
    await fill(user, 2, 'Sipho', 'Dlamini');
    expect(await screen.findByText('2 participants: R 250.00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Participants' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const saved = requests.find((r) => r.path.includes('UpdateGroupParticipants'));
    expect(saved?.body).toEqual([
      contestant,
      {
        firstName: 'Sipho',
        surname: 'Dlamini',
        school: 'Greenside High School',
        gender: 'male',
        grade: '6',
      },
    ]);
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ color: 'teal', message: cartText('groupUpdated') }),
    );
  });

  it('shows the R350 price from 10 participants', async () => {
    const user = userEvent.setup();
    renderModal(9, 12);
    await screen.findByRole('dialog', { name: 'Group Participants' });
    expect(await screen.findByText('9 participants: R 250.00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Participant' }));
    expect(screen.getByText('10 participants: R 350.00')).toBeInTheDocument();
  });
});

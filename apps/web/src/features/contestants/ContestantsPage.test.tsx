import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../test/api-mock.ts';
import { renderRoutes } from '../../test/render.tsx';
import ContestantsPage from './ContestantsPage.tsx';
import {
  contestant,
  contestantsServer,
  CUSTOMER_ID,
  groupItem,
  logIn,
} from '../../test/contestant-fixtures.ts';
import { contestantText, text } from './text.ts';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));
const show = vi.mocked(notifications.show);

const routes = [{ path: '/participant-profiles', element: <ContestantsPage /> }];
const card = (name: string) => screen.getByRole('article', { name });

describe('ContestantsPage (spec 2 and 5)', () => {
  beforeEach(logIn);
  afterEach(() => {
    vi.clearAllMocks();
    vi.unstubAllGlobals();
  });

  it('asks for a first contestant with the spec title when there is none', async () => {
    const requests = mockApi(contestantsServer([]));
    renderRoutes(routes, '/participant-profiles');
    expect(
      await screen.findByRole('heading', { level: 1, name: text('emptyTitle') }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: text('listHeading') })).toBeNull();
    expect(screen.getByRole('link', { name: '+ Add New Contestant' })).toHaveAttribute(
      'href',
      `/${CUSTOMER_ID}/create-participant-profile`,
    );
    // No cart: no progress bar and no way to checkout.
    expect(screen.queryByText(/Step \d of 4/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Continue to checkout' })).toBeNull();
    expect(requests[0]?.authorization).toBe('Bearer session-token');
  });

  it('shows each contestant, and a delete button only for one without items', async () => {
    mockApi(
      contestantsServer([
        contestant({ profileImageLink: '/api/files/f1/picture?expires=1&signature=s' }),
        contestant({
          id: 8,
          firstName: 'Sipho',
          surname: 'Nkosi',
          grade: 'R',
          school: 'Other School',
          orderItems: [{ ...groupItem, markingState: 'not-sent' }],
        }),
      ]),
    );
    renderRoutes(routes, '/participant-profiles');
    expect(
      await screen.findByRole('heading', { level: 2, name: text('listHeading') }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Contestant Profiles');

    const ayanda = card('Ayanda Dlamini');
    expect(
      within(ayanda).getByRole('img', { name: 'Profile picture of Ayanda Dlamini' }),
    ).toHaveAttribute('src', '/api/files/f1/picture?expires=1&signature=s');
    expect(within(ayanda).getByText('Jacaranda Primary')).toBeInTheDocument();
    expect(within(ayanda).getByText('Grade 5')).toBeInTheDocument();
    expect(within(ayanda).getByText(text('noItems'))).toBeInTheDocument();
    expect(
      within(ayanda).getByRole('button', { name: 'Delete Ayanda Dlamini' }),
    ).toBeInTheDocument();
    expect(within(ayanda).getByRole('link', { name: /Edit Profile/ })).toHaveAttribute(
      'href',
      '/edit-profile/7',
    );
    expect(within(ayanda).getByRole('link', { name: /Add Items/ })).toHaveAttribute(
      'href',
      '/7/sections',
    );

    const sipho = card('Sipho Nkosi');
    expect(
      within(sipho).getByRole('img', { name: /Sipho Nkosi has no profile picture/ }),
    ).toHaveTextContent('SN');
    expect(within(sipho).getByText('Grade R')).toBeInTheDocument();
    expect(within(sipho).queryByText(text('noItems'))).toBeNull();
    // Each entry says whether it went to the adjudicators, with the way to finalise it (decision 043).
    expect(within(sipho).getByText(/^Not yet sent to the adjudicators/)).toBeInTheDocument();
    expect(within(sipho).getByRole('link', { name: 'Go to the Uploads portal' })).toHaveAttribute(
      'href',
      '/uploads?participant=8',
    );
    expect(within(sipho).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(within(sipho).getByRole('link', { name: /Edit Profile/ })).toBeInTheDocument();
    // All of a contestant's results, once they have entered something (issue 20).
    expect(within(sipho).getByRole('link', { name: 'Results of Sipho Nkosi' })).toHaveAttribute(
      'href',
      '/participant-profiles/8/results',
    );
    expect(within(ayanda).queryByRole('link', { name: /^Results of/ })).toBeNull();
  });

  it('opens an entered item with its description and group participants', async () => {
    mockApi(contestantsServer([contestant({ orderItems: [groupItem] })]));
    const user = userEvent.setup();
    renderRoutes(routes, '/participant-profiles');
    await user.click(await screen.findByRole('button', { name: /DR205 Choral Verse, Group/ }));
    const dialog = await screen.findByRole('dialog', { name: 'DR205 Choral Verse, Group' });
    expect(within(dialog).getByText('A group recites a poem of its choice.')).toBeInTheDocument();
    const table = within(dialog).getByRole('table', { name: 'Group participants' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Surname', 'Grade', 'School']);
    expect(
      within(table).getByRole('row', { name: 'Lerato Khumalo 6 Umhlanga College' }),
    ).toBeInTheDocument();
  });

  it('names a picture that browsers cannot show', async () => {
    mockApi(contestantsServer([contestant({ profilePictureName: 'school-photo.pdf' })]));
    renderRoutes(routes, '/participant-profiles');
    const placeholder = await screen.findByRole('img', { name: /school-photo\.pdf/ });
    expect(placeholder).toHaveTextContent('PDF');
    expect(placeholder).toHaveTextContent('school-photo.pdf');
  });

  it('deletes a contestant after the confirmation and says so', async () => {
    let list = [contestant()];
    const requests = mockApi(
      contestantsServer(
        () => list,
        (request) => {
          if (request.method !== 'DELETE') return [500];
          list = [];
          return [204];
        },
      ),
    );
    const user = userEvent.setup();
    renderRoutes(routes, '/participant-profiles');
    await user.click(await screen.findByRole('button', { name: 'Delete Ayanda Dlamini' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(text('deleteConfirm'))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ color: 'teal', message: text('deleted') }),
      ),
    );
    expect(requests.find((r) => r.method === 'DELETE')?.path).toBe(
      `/api/Customers/${CUSTOMER_ID}/participant-profile/7`,
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: text('emptyTitle') }),
    ).toBeInTheDocument();
  });

  it('explains a refused delete of a contestant who has just entered items', async () => {
    mockApi(
      contestantsServer([contestant()], () => [
        409,
        apiError(409, 'PROFILE_HAS_ITEMS', contestantText('hasItems')),
      ]),
    );
    const user = userEvent.setup();
    renderRoutes(routes, '/participant-profiles');
    await user.click(await screen.findByRole('button', { name: 'Delete Ayanda Dlamini' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ color: 'orange', message: contestantText('hasItems') }),
      ),
    );
    expect(show).toHaveBeenCalledOnce();
  });

  it('shows the progress bar and the way to checkout when a cart exists', async () => {
    localStorage.setItem('cart', '90');
    mockApi(contestantsServer([contestant()]));
    renderRoutes(routes, '/participant-profiles');
    expect(await screen.findByText('Step 2 of 4: Select Items')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to checkout' })).toHaveAttribute(
      'href',
      '/checkout',
    );
  });
});

import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/api-mock.ts';
import { renderRoutes } from '../../test/render.tsx';
import EditContestantPage from './EditContestantPage.tsx';
import {
  contestant,
  contestantsServer,
  CUSTOMER_ID,
  logIn,
} from '../../test/contestant-fixtures.ts';
import { fileText } from '../../shared/uploads/entry-text.ts';
import { contestantText, text } from './text.ts';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));
const show = vi.mocked(notifications.show);

const routes = [
  { path: '/edit-profile/:id', element: <EditContestantPage /> },
  { path: '/participant-profiles', element: <p>contestants list</p> },
];
const saved = contestant({
  email: 'ayanda@example.org',
  profileImageLink: '/api/files/old/picture?expires=1&signature=s',
});

describe('EditContestantPage (spec 2)', { timeout: 15_000 }, () => {
  beforeEach(logIn);
  afterEach(() => {
    vi.clearAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows the contestant, with the 4-step header and the picture panel', async () => {
    mockApi(contestantsServer([saved]));
    renderRoutes(routes, '/edit-profile/7');
    expect(await screen.findByRole('textbox', { name: /First Names/ })).toHaveValue('Ayanda');
    expect(screen.getByRole('textbox', { name: /Last Name/ })).toHaveValue('Dlamini');
    expect(screen.getByRole('textbox', { name: /Last Name/ })).toBeRequired();
    // The school shows once the list of schools has arrived.
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /School/ })).toHaveValue('Jacaranda Primary'),
    );
    expect(screen.getByRole('combobox', { name: /Age & Grade/ })).toHaveValue(
      'Grade 5 (10-11 years)',
    );
    expect(screen.getByRole('radio', { name: 'Female' })).toBeChecked();
    expect(screen.getByText('Step 1 of 4: Edit profile')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Profile Picture' })).toBeInTheDocument();
    expect(screen.getByText(text('pictureGuidance'))).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Profile picture of Ayanda Dlamini' })).toHaveAttribute(
      'src',
      saved.profileImageLink,
    );
  });

  it('saves the whole profile and goes back to the list', async () => {
    const requests = mockApi(
      contestantsServer([saved], (request) =>
        request.method === 'PUT' ? [200, { ...saved, surname: 'Dlamini-Zulu' }] : [500],
      ),
    );
    const user = userEvent.setup();
    renderRoutes(routes, '/edit-profile/7');
    const surname = await screen.findByRole('textbox', { name: /Last Name/ });
    await user.clear(surname);
    await user.click(screen.getByRole('button', { name: 'Update Contestant' }));
    expect(show).toHaveBeenLastCalledWith(
      expect.objectContaining({ color: 'orange', message: contestantText('surname') }),
    );
    await user.type(surname, 'Dlamini-Zulu');
    await user.click(screen.getByRole('button', { name: 'Update Contestant' }));
    expect(await screen.findByText('contestants list')).toBeInTheDocument();
    expect(show).toHaveBeenLastCalledWith(
      expect.objectContaining({ color: 'teal', message: text('updated') }),
    );
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.path).toBe(`/api/Customers/${CUSTOMER_ID}/participant-profile`);
    expect(put?.body).toEqual({
      id: 7,
      customerId: CUSTOMER_ID,
      firstName: 'Ayanda',
      surname: 'Dlamini-Zulu',
      email: 'ayanda@example.org',
      mobileNumber: null,
      school: 'Jacaranda Primary',
      grade: '5',
      gender: 'female',
    });
  });

  it("replaces the contestant's picture at once with UploadFiles", async () => {
    let list = [saved];
    const fresh = '/api/files/new/picture?expires=2&signature=t';
    const requests = mockApi(
      contestantsServer(
        () => list,
        (request) => {
          if (request.path !== '/api/Uploads/UploadFiles') return [500];
          list = [{ ...saved, profileImageLink: fresh }];
          return [200, { name: 'new', fileUrl: fresh }];
        },
      ),
    );
    const user = userEvent.setup();
    renderRoutes(routes, '/edit-profile/7');
    await screen.findByRole('textbox', { name: /First Names/ });
    await user.upload(
      screen.getByLabelText('Profile picture file'),
      new File([new Uint8Array([255, 216, 255])], 'uniform.jpg', { type: 'image/jpeg' }),
    );
    await waitFor(
      () =>
        expect(
          screen.getByRole('img', { name: 'Profile picture of Ayanda Dlamini' }),
        ).toHaveAttribute('src', fresh),
      { timeout: 3000 },
    );
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: fileText('uploaded') }));
    const upload = requests.find((r) => r.path === '/api/Uploads/UploadFiles');
    expect(upload?.headers.get('participantId')).toBe('7');
    expect(upload?.headers.get('orderId')).toBe('0');
    // The cards are refreshed with the new picture.
    await waitFor(() =>
      expect(requests.filter((r) => r.path.endsWith('/participant-profiles'))).toHaveLength(2),
    );
  });

  it("says so when the contestant is not among the customer's", async () => {
    mockApi(contestantsServer([saved]));
    renderRoutes(routes, '/edit-profile/999');
    expect(
      await screen.findByRole('heading', { name: 'Contestant not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Contestant Profiles' })).toHaveAttribute(
      'href',
      '/participant-profiles',
    );
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});

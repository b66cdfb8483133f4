import { FILE_EXISTS } from '@eisteddfod/shared';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, type MockRequest } from '../../test/api-mock.ts';
import { renderRoutes } from '../../test/render.tsx';
import CreateContestantPage from './CreateContestantPage.tsx';
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

const PATH = `/${CUSTOMER_ID}/create-participant-profile`;
const routes = [
  { path: '/:id/create-participant-profile', element: <CreateContestantPage /> },
  { path: '/participant-profiles', element: <p>contestants list</p> },
];
type User = ReturnType<typeof userEvent.setup>;

const addContestant = () => screen.getByRole('button', { name: 'Add Contestant' });
const lastWarning = () => show.mock.lastCall?.[0];
const picture = (name = 'ayanda.png') =>
  new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
const pictureInput = () => screen.getByLabelText<HTMLInputElement>('Profile picture file');

/** The server of a create: uploads answer `upload`, the create answers the new contestant. */
function createServer(upload: (request: MockRequest) => [number, unknown?]) {
  return contestantsServer([], (request) => {
    if (request.path.startsWith('/api/Uploads/')) return upload(request);
    if (request.method === 'POST') return [201, contestant()];
    return [500];
  });
}

async function accept(user: User, consent: 'Honour Pledge' | 'Terms & Conditions') {
  await user.click(screen.getByRole('checkbox', { name: consent }));
  const dialog = await screen.findByRole('dialog', { name: consent });
  await user.click(within(dialog).getByRole('button', { name: 'I Accept' }));
  await waitFor(() => expect(screen.getByRole('checkbox', { name: consent })).toBeChecked());
}

async function choose(user: User, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option, hidden: true }));
}

// Each picture waits a second before it goes up; a busy machine needs more than the default.
/** A picture's id, as the server names an upload: a UUID (the schema refuses anything else). */
const PICTURE_ID = '8f1c2e4a-0b7d-4c1e-9a3f-2b6d8e9f0a1c';

describe('CreateContestantPage (spec 2, 4 and 5)', { timeout: 15_000 }, () => {
  beforeEach(logIn);
  afterEach(() => {
    vi.clearAllMocks();
    vi.unstubAllGlobals();
  });

  it('checks terms, pledge, first name, surname, school and grade in that order, before sending', async () => {
    const requests = mockApi(createServer(() => [500]));
    const user = userEvent.setup();
    renderRoutes(routes, PATH);
    await screen.findByRole('heading', { name: 'Add Contestant' });
    await waitFor(() => expect(requests.some((r) => r.path === '/api/reference')).toBe(true));

    const steps: [string, () => Promise<void>][] = [
      [contestantText('acceptTerms'), () => accept(user, 'Terms & Conditions')],
      [contestantText('acceptPledge'), () => accept(user, 'Honour Pledge')],
      [
        contestantText('firstName'),
        () => user.type(screen.getByRole('textbox', { name: 'First Names' }), 'Ayanda'),
      ],
      [
        contestantText('surname'),
        () => user.type(screen.getByRole('textbox', { name: 'Last Name' }), 'Dlamini'),
      ],
      [contestantText('school'), () => choose(user, 'School', 'Jacaranda Primary')],
      [contestantText('grade'), () => choose(user, 'Age & Grade', 'Grade 5 (10-11 years)')],
    ];
    for (const [message, fix] of steps) {
      await user.click(addContestant());
      expect(lastWarning()).toEqual(expect.objectContaining({ color: 'orange', message }));
      await fix();
    }
    expect(show).toHaveBeenCalledTimes(6);
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);

    // Gender is not checked: the contestant may be added without one.
    await user.click(addContestant());
    expect(await screen.findByText('contestants list')).toBeInTheDocument();
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.path).toBe(`/api/Customers/${CUSTOMER_ID}/participant-profile`);
    expect(post?.body).toEqual({
      customerId: CUSTOMER_ID,
      firstName: 'Ayanda',
      surname: 'Dlamini',
      email: null,
      mobileNumber: null,
      school: 'Jacaranda Primary',
      grade: '5',
      gender: null,
      profilePicture: null,
      acceptedTermsAndConditions: true,
      acceptedHonourPledge: true,
    });
    expect(lastWarning()).toEqual(
      expect.objectContaining({ color: 'teal', message: text('created') }),
    );
  });

  it('marks the field at fault, focuses it and keeps what was typed (issue 32)', async () => {
    const requests = mockApi(createServer(() => [500]));
    const user = userEvent.setup();
    renderRoutes(routes, PATH);
    await screen.findByRole('heading', { name: 'Add Contestant' });
    await waitFor(() => expect(requests.some((r) => r.path === '/api/reference')).toBe(true));
    const surname = screen.getByRole('textbox', { name: 'Last Name' });
    await user.type(surname, 'Dlamini');

    await user.click(addContestant());
    const terms = screen.getByRole('checkbox', { name: 'Terms & Conditions' });
    expect(terms).toHaveAttribute('aria-invalid', 'true');
    expect(terms).toHaveAccessibleDescription(contestantText('acceptTerms'));
    expect(terms).toHaveFocus();

    await accept(user, 'Terms & Conditions');
    expect(terms).not.toHaveAttribute('aria-invalid', 'true');
    await accept(user, 'Honour Pledge');
    await user.click(addContestant());
    // The toast as before, and the field it names marked and focused, nothing typed lost.
    expect(lastWarning()).toEqual(
      expect.objectContaining({ message: contestantText('firstName') }),
    );
    const firstName = screen.getByRole('textbox', { name: 'First Names' });
    expect(firstName).toHaveAttribute('aria-invalid', 'true');
    expect(firstName).toHaveAccessibleDescription(contestantText('firstName'));
    expect(firstName).toHaveFocus();
    expect(surname).toHaveValue('Dlamini');

    await user.type(firstName, 'Ayanda');
    await user.click(addContestant());
    const school = screen.getByRole('combobox', { name: 'School' });
    expect(school).toHaveAttribute('aria-invalid', 'true');
    expect(school).toHaveFocus();
    expect(firstName).not.toHaveAttribute('aria-invalid', 'true');
    expect([firstName, surname].map((f) => (f as HTMLInputElement).value)).toEqual([
      'Ayanda',
      'Dlamini',
    ]);
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('offers Other School whatever is typed, as the hint says', async () => {
    mockApi(createServer(() => [500]));
    const user = userEvent.setup();
    renderRoutes(routes, PATH);
    const school = await screen.findByRole('combobox', { name: 'School' });
    await user.type(school, 'Hoërskool Nowhere');
    await user.click(await screen.findByRole('option', { name: 'Other School', hidden: true }));
    expect(school).toHaveValue('Other School');
  });

  it('ticks a consent only through its modal, and unticks it directly', async () => {
    mockApi(createServer(() => [500]));
    const user = userEvent.setup();
    renderRoutes(routes, PATH);
    const pledge = await screen.findByRole('checkbox', { name: 'Honour Pledge' });
    await user.click(pledge);
    const dialog = await screen.findByRole('dialog', { name: 'Honour Pledge' });
    expect(dialog).toHaveTextContent(/continuous take/);
    expect(dialog).toHaveTextContent(/not plagiarised/);
    expect(pledge).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(pledge).not.toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'Terms & Conditions' }));
    const terms = await screen.findByRole('dialog', { name: 'Terms & Conditions' });
    expect(terms).toHaveTextContent(/profile picture/);
    await user.click(within(terms).getByRole('button', { name: 'I Accept' }));
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'Terms & Conditions' })).toBeChecked(),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Terms & Conditions' }));
    expect(screen.getByRole('checkbox', { name: 'Terms & Conditions' })).not.toBeChecked();
  });

  it('uploads a chosen picture a second later, previews it and sends its name', async () => {
    const requests = mockApi(
      createServer(() => [
        200,
        { name: PICTURE_ID, fileUrl: `/api/files/${PICTURE_ID}/picture?expires=1&signature=s` },
      ]),
    );
    const user = userEvent.setup();
    renderRoutes(routes, PATH);
    await screen.findByRole('heading', { name: 'Add Contestant' });
    await user.upload(pictureInput(), picture());
    expect(screen.getByText('Uploading ayanda.png')).toBeInTheDocument();
    // Not saved before the picture is in.
    expect(addContestant()).toBeDisabled();
    expect(requests.some((r) => r.path.startsWith('/api/Uploads/'))).toBe(false);

    await waitFor(
      () =>
        expect(show).toHaveBeenCalledWith(
          expect.objectContaining({ message: fileText('uploaded') }),
        ),
      { timeout: 3000 },
    );
    const upload = requests.find((r) => r.path.startsWith('/api/Uploads/'));
    expect(upload?.path).toBe('/api/Uploads/NewUploadFiles');
    expect(upload?.authorization).toBe('Bearer session-token');
    expect(upload?.headers.get('orderId')).toBe('0');
    expect(upload?.headers.get('orderItemId')).toBe('0');
    expect(upload?.headers.get('participantId')).toBe('0');
    expect(upload?.headers.get('content-type')).toBeNull();
    expect((upload?.body as FormData).get('file')).toBeInstanceOf(File);
    expect(screen.getByRole('img', { name: /Profile picture of/ })).toHaveAttribute(
      'src',
      `/api/files/${PICTURE_ID}/picture?expires=1&signature=s`,
    );
    expect(pictureInput().files).toHaveLength(0);
    expect(addContestant()).toBeEnabled();

    await accept(user, 'Terms & Conditions');
    await accept(user, 'Honour Pledge');
    await user.type(screen.getByRole('textbox', { name: 'First Names' }), 'Ayanda');
    await user.type(screen.getByRole('textbox', { name: 'Last Name' }), 'Dlamini');
    await choose(user, 'School', 'Other School');
    await choose(user, 'Age & Grade', 'Grade R (5-6 years)');
    await user.click(screen.getByRole('radio', { name: 'Female' }));
    await user.click(addContestant());
    expect(await screen.findByText('contestants list')).toBeInTheDocument();
    expect(
      requests.find((r) => r.method === 'POST' && r.path.endsWith('/participant-profile'))?.body,
    ).toEqual(
      expect.objectContaining({
        profilePicture: PICTURE_ID,
        gender: 'female',
        grade: 'R',
        school: 'Other School',
      }),
    );
  });

  it('sends only the last picture chosen within the second', async () => {
    const requests = mockApi(
      createServer(() => [
        200,
        { name: 'file-124', fileUrl: '/api/files/file-124/picture?expires=1&signature=s' },
      ]),
    );
    const user = userEvent.setup();
    renderRoutes(routes, PATH);
    await screen.findByRole('heading', { name: 'Add Contestant' });
    await user.upload(pictureInput(), picture('first.png'));
    await user.upload(pictureInput(), picture('second.png'));
    expect(screen.getByText('Uploading second.png')).toBeInTheDocument();
    await waitFor(
      () =>
        expect(show).toHaveBeenCalledWith(
          expect.objectContaining({ message: fileText('uploaded') }),
        ),
      { timeout: 3000 },
    );
    const uploads = requests.filter((r) => r.path.startsWith('/api/Uploads/'));
    expect(uploads).toHaveLength(1);
    expect(((uploads[0]?.body as FormData).get('file') as File).name).toBe('second.png');
  });

  it("warns about a duplicate ('File exists'), clears the picker and keeps no picture", async () => {
    mockApi(createServer(() => [200, { name: FILE_EXISTS, fileUrl: '' }]));
    const user = userEvent.setup();
    renderRoutes(routes, PATH);
    await screen.findByRole('heading', { name: 'Add Contestant' });
    await user.upload(pictureInput(), picture());
    await waitFor(
      () =>
        expect(show).toHaveBeenCalledWith(
          expect.objectContaining({ color: 'orange', message: fileText('duplicateFile') }),
        ),
      { timeout: 3000 },
    );
    expect(show).toHaveBeenCalledOnce();
    expect(pictureInput().files).toHaveLength(0);
    expect(screen.queryByText(/Uploading/)).toBeNull();
    expect(screen.queryByRole('img', { name: /Profile picture of/ })).toBeNull();
  });

  it("shows the server's reason for a refused file and clears the picker", async () => {
    const reason = 'This file is not a real .png file. Please choose the original picture.';
    mockApi(createServer(() => [415, apiError(415, 'CONTENT_MISMATCH', reason)]));
    const user = userEvent.setup();
    renderRoutes(routes, PATH);
    await screen.findByRole('heading', { name: 'Add Contestant' });
    await user.upload(pictureInput(), picture('fake.png'));
    await waitFor(
      () =>
        expect(show).toHaveBeenCalledWith(
          expect.objectContaining({ color: 'orange', message: reason }),
        ),
      { timeout: 3000 },
    );
    expect(show).toHaveBeenCalledOnce();
    expect(pictureInput().files).toHaveLength(0);
  });

  it('names a picture that browsers cannot show instead of previewing it', async () => {
    mockApi(createServer(() => [200, { name: 'file-9', fileUrl: '' }]));
    const user = userEvent.setup();
    renderRoutes(routes, PATH);
    await screen.findByRole('heading', { name: 'Add Contestant' });
    await user.upload(
      pictureInput(),
      new File(['%PDF-1.4'], 'uniform-photo.pdf', { type: 'application/pdf' }),
    );
    expect(
      await screen.findByRole('img', { name: /uniform-photo\.pdf/ }, { timeout: 3000 }),
    ).toHaveTextContent('PDF');
  });
});

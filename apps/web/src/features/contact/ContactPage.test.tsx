import type { SUPPORT_TEXT } from '@eisteddfod/shared';
import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, type MockRequest } from '../../test/api-mock.ts';
import { PUBLIC_SITE } from '../../test/public-site-fixture.ts';
import { renderRoutes } from '../../test/render.tsx';
import ContactPage from './ContactPage.tsx';
import { supportText } from './text.ts';

// The shared catalogue's English, as the page says it.
const supportWords = (key: keyof typeof SUPPORT_TEXT.files.en) => supportText(key);

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));
const show = vi.mocked(notifications.show);
const shown = () => show.mock.calls.map(([toast]) => [toast.color, toast.message]);

const routes = [{ path: '/contact', element: <ContactPage /> }];

function server(ticket: (request: MockRequest) => [number, unknown?]) {
  return mockApi((request) => {
    if (request.path === '/api/content') return [200, PUBLIC_SITE];
    if (request.path === '/api/support-tickets') return ticket(request);
    return [500, apiError(500, 'UNEXPECTED')];
  });
}

const field = (name: RegExp) => screen.getByRole('textbox', { name });
const send = () => screen.getByRole('button', { name: 'Send message' });

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field(/Your name/), 'Thandi Mokoena');
  await user.type(field(/Email address/), 'thandi@example.org');
  await user.type(field(/Subject/), 'Certificate');
  await user.type(field(/Message/), 'Please correct the spelling on the certificate.');
}

describe('ContactPage (spec 2, Contact; issue 7 support tickets)', () => {
  afterEach(() => {
    vi.clearAllMocks();
    vi.unstubAllGlobals();
  });

  it('checks the fields in the schema order, one warning at a time, before sending anything', async () => {
    const requests = server(() => [201, { ticketNumber: 'T-000001' }]);
    const user = userEvent.setup();
    renderRoutes(routes, '/contact');

    await user.click(send());
    await user.type(field(/Your name/), 'Thandi');
    await user.type(field(/Email address/), 'thandi@');
    await user.click(send());
    await user.type(field(/Email address/), 'example.org');
    await user.type(field(/Mobile number/), '0821');
    await user.click(send());
    await user.clear(field(/Mobile number/));
    await user.click(send());
    await user.type(field(/Subject/), 'Certificate');
    await user.type(field(/Message/), 'Too short');
    await user.click(send());

    expect(shown()).toEqual([
      ['orange', supportWords('name')],
      ['orange', supportWords('email')],
      ['orange', supportWords('mobile')],
      ['orange', supportWords('subject')],
      ['orange', supportWords('message')],
    ]);
    expect(requests.filter((r) => r.path === '/api/support-tickets')).toHaveLength(0);
  });

  it('keeps the mobile number to digits', async () => {
    server(() => [201, { ticketNumber: 'T-000001' }]);
    const user = userEvent.setup();
    renderRoutes(routes, '/contact');
    await user.type(field(/Mobile number/), '+27 82-123 4567');
    expect(field(/Mobile number/)).toHaveValue('27821234567');
  });

  it('has a honeypot in the form that people, screen readers and Tab never reach', async () => {
    server(() => [201, { ticketNumber: 'T-000001' }]);
    renderRoutes(routes, '/contact');
    const form = screen.getByRole('form', { name: 'Contact form' });
    const honeypot = form.querySelector<HTMLInputElement>('input[name="website"]');
    expect(honeypot).not.toBeNull();
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot).toHaveAttribute('autocomplete', 'off');
    expect(honeypot?.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: /Website/ })).toBeNull();
    // Tab goes from the message straight to the button.
    const user = userEvent.setup();
    field(/Message/).focus();
    await user.tab();
    expect(send()).toHaveFocus();
  });

  it('sends the checked ticket, with an empty honeypot, and shows the ticket number', async () => {
    const requests = server(() => [201, { ticketNumber: 'T-000042' }]);
    const user = userEvent.setup();
    renderRoutes(routes, '/contact');
    await fillValidForm(user);
    await user.click(send());

    expect(await screen.findByRole('heading', { name: 'Message sent' })).toHaveFocus();
    expect(screen.getByText('T-000042')).toBeInTheDocument();
    expect(screen.getByText(supportWords('sent'))).toBeInTheDocument();
    const ticket = requests.find((r) => r.path === '/api/support-tickets');
    expect(ticket?.method).toBe('POST');
    expect(ticket?.body).toEqual({
      name: 'Thandi Mokoena',
      email: 'thandi@example.org',
      mobileNumber: '',
      subject: 'Certificate',
      message: 'Please correct the spelling on the certificate.',
      website: '',
    });

    await user.click(screen.getByRole('button', { name: 'Send another message' }));
    expect(field(/Your name/)).toHaveValue('');
  });

  it("shows the server's message when too many messages were sent (429)", async () => {
    const tooMany = 'You have sent several messages already. Please wait an hour.';
    server(() => [429, apiError(429, 'RATE_LIMITED', tooMany)]);
    const user = userEvent.setup();
    renderRoutes(routes, '/contact');
    await fillValidForm(user);
    await user.click(send());
    await waitFor(() => expect(shown()).toEqual([['red', tooMany]]));
    expect(screen.queryByRole('heading', { name: 'Message sent' })).toBeNull();
    expect(field(/Your name/)).toHaveValue('Thandi Mokoena');
  });

  it("shows the server's field message when it rejects a field (400)", async () => {
    server(() => [400, apiError(400, 'VALIDATION_ERROR', 'email: Please check the address.')]);
    const user = userEvent.setup();
    renderRoutes(routes, '/contact');
    await fillValidForm(user);
    await user.click(send());
    await waitFor(() => expect(shown()).toEqual([['orange', 'email: Please check the address.']]));
  });

  it('offers the organisers’ email address from the content', async () => {
    server(() => [201, { ticketNumber: 'T-000001' }]);
    renderRoutes(routes, '/contact');
    expect(await screen.findByRole('link', { name: 'help@example.org' })).toHaveAttribute(
      'href',
      'mailto:help@example.org',
    );
    expect(document.title).toBe('Contact · Online Eisteddfod');
  });
});

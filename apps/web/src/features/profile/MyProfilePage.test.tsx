import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type MockRequest } from '../../test/api-mock.ts';
import { renderRoutes } from '../../test/render.tsx';
import MyProfilePage from './MyProfilePage.tsx';
import { accountText } from '../../shared/customer/account-text.ts';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));
const show = vi.mocked(notifications.show);

const customer = {
  customerId: 42,
  firstName: 'Thandi',
  surname: 'Nkosi',
  email: 'parent@example.org',
  mobileNumber: '0821234567',
  country: 'South Africa',
};

function customerServer({ method, body }: MockRequest): [number, unknown?] {
  if (method === 'PUT') return [200, { ...customer, ...(body as object) }];
  return [200, customer];
}

describe('MyProfilePage (spec 2 and 6)', () => {
  beforeEach(() => {
    localStorage.setItem('token', 'session-token');
    localStorage.setItem('customerId', '42');
  });
  afterEach(() => {
    vi.clearAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows the customer, with email and mobile number read-only', async () => {
    const requests = mockApi(customerServer);
    renderRoutes([{ path: '/my-profile', element: <MyProfilePage /> }], '/my-profile');
    expect(await screen.findByRole('textbox', { name: /First Name/ })).toHaveValue('Thandi');
    expect(screen.getByRole('textbox', { name: /Surname/ })).toHaveValue('Nkosi');
    expect(await screen.findByRole('combobox', { name: /Country/ })).toHaveValue('South Africa');
    expect(screen.getByRole('textbox', { name: 'Mobile Number' })).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'Mobile Number' })).toHaveValue('0821234567');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('readonly');
    expect(requests[0]?.path).toBe('/api/Customers/42');
    expect(requests[0]?.authorization).toBe('Bearer session-token');
  });

  it('requires both names', async () => {
    const requests = mockApi(customerServer);
    const user = userEvent.setup();
    renderRoutes([{ path: '/my-profile', element: <MyProfilePage /> }], '/my-profile');
    await user.clear(await screen.findByRole('textbox', { name: /Surname/ }));
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ color: 'orange', message: accountText('nameRequired') }),
    );
    // Issue 32: the empty surname is marked and focused; the first name is left as it was.
    const surname = screen.getByRole('textbox', { name: /Surname/ });
    expect(surname).toHaveAttribute('aria-invalid', 'true');
    expect(surname).toHaveAccessibleDescription(accountText('nameRequired'));
    expect(surname).toHaveFocus();
    expect(screen.getByRole('textbox', { name: /First Name/ })).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([]);
  });

  it('saves the names and says so', async () => {
    const requests = mockApi(customerServer);
    const user = userEvent.setup();
    renderRoutes([{ path: '/my-profile', element: <MyProfilePage /> }], '/my-profile');
    const firstName = await screen.findByRole('textbox', { name: /First Name/ });
    await user.clear(firstName);
    await user.type(firstName, 'Thandiwe');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ color: 'teal', message: accountText('profileUpdated') }),
      ),
    );
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.path).toBe('/api/Customers/42');
    expect(put?.body).toEqual({
      firstName: 'Thandiwe',
      surname: 'Nkosi',
      country: 'South Africa',
      email: 'parent@example.org',
      mobileNumber: '0821234567',
    });
    expect(firstName).toHaveValue('Thandiwe');
  });
});

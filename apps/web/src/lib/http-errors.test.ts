import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from './api-client.ts';
import {
  GENERIC_ERROR,
  SESSION_EXPIRED,
  handleHttpError,
  setLoginRedirect,
} from './http-errors.ts';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));
const show = vi.mocked(notifications.show);

const error = (status: number) =>
  new ApiRequestError(status, { statusCode: status, code: 'BAD_REQUEST', message: 'x' });

describe('handleHttpError (spec 8, global handling by status)', () => {
  const toLogin = vi.fn();
  beforeEach(() => setLoginRedirect(toLogin));
  afterEach(() => vi.clearAllMocks());

  it('is silent on 404', () => {
    handleHttpError(error(404));
    expect(show).not.toHaveBeenCalled();
  });

  it.each([400, 409, 500, 503])('shows the generic error on %i', (status) => {
    handleHttpError(error(status));
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Error', message: GENERIC_ERROR }),
    );
  });

  it('shows the generic error when the network fails', () => {
    handleHttpError(new TypeError('Failed to fetch'));
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: GENERIC_ERROR }));
  });

  it('ends the session on 401 and goes to login', () => {
    localStorage.setItem('token', 't');
    localStorage.setItem('username', 'u');
    localStorage.setItem('customerId', '1');
    localStorage.setItem('participantProfiles', '[]');
    localStorage.setItem('cart', '5');
    handleHttpError(error(401));
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Unauthorized', message: SESSION_EXPIRED }),
    );
    for (const key of ['token', 'username', 'customerId', 'participantProfiles']) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(localStorage.getItem('cart')).toBe('5');
    expect(toLogin).toHaveBeenCalledOnce();
  });
});

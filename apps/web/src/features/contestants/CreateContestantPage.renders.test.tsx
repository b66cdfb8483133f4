import type * as mantine from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/api-mock.ts';
import { contestantsServer, CUSTOMER_ID, logIn } from '../../test/contestant-fixtures.ts';
import { renderRoutes } from '../../test/render.tsx';
import CreateContestantPage from './CreateContestantPage.tsx';

// Issue 32: a tap on one field of the contestant form draws that field again, not the whole
// form: drawing it all took 150 to 250 ms of the phone per radio tap. Mantine's fields
// are counted as they are drawn.
const drawn = vi.hoisted(() => ({ Select: 0, Checkbox: 0, FileButton: 0, TextInput: 0 }));
vi.mock('@mantine/core', async (original) => {
  const real = await original<typeof mantine>();
  return {
    ...real,
    Select: (props: ComponentProps<typeof real.Select>) => {
      drawn.Select++;
      return <real.Select {...props} />;
    },
    Checkbox: (props: ComponentProps<typeof real.Checkbox>) => {
      drawn.Checkbox++;
      return <real.Checkbox {...props} />;
    },
    FileButton: (props: ComponentProps<typeof real.FileButton>) => {
      drawn.FileButton++;
      return <real.FileButton {...props} />;
    },
    TextInput: (props: ComponentProps<typeof real.TextInput>) => {
      drawn.TextInput++;
      return <real.TextInput {...props} />;
    },
  };
});

const routes = [{ path: '/:id/create-participant-profile', element: <CreateContestantPage /> }];

/** The form with the school list in: nothing more is drawn by what comes later. */
async function openForm() {
  const requests = mockApi(contestantsServer([], () => [500]));
  const user = userEvent.setup();
  renderRoutes(routes, `/${CUSTOMER_ID}/create-participant-profile`);
  await screen.findByRole('heading', { name: 'Add Contestant' });
  await waitFor(() => expect(requests.some((r) => r.path === '/api/reference')).toBe(true));
  await waitFor(() => expect(screen.getByRole('radio', { name: 'Female' })).toBeEnabled());
  return user;
}

describe('the contestant form draws again only what changed', () => {
  beforeEach(logIn);
  afterEach(() => vi.unstubAllGlobals());

  it('a radio tap draws no select, text field, consent box or picture chooser again', async () => {
    const user = await openForm();
    const before = { ...drawn };

    await user.click(screen.getByRole('radio', { name: 'Female' }));

    expect(screen.getByRole('radio', { name: 'Female' })).toBeChecked();
    expect(drawn).toEqual(before);
  });

  it('typing a name draws that field again, not the others', async () => {
    const user = await openForm();
    const before = { ...drawn };

    await user.type(screen.getByRole('textbox', { name: 'First Names' }), 'A');

    expect(screen.getByRole('textbox', { name: 'First Names' })).toHaveValue('A');
    expect(drawn.Select - before.Select).toBe(0);
    expect(drawn.Checkbox - before.Checkbox).toBe(0);
    // The field typed into, once; the picture chooser too (its initials come from the names).
    expect(drawn.TextInput - before.TextInput).toBe(1);
  });
});

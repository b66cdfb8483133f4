import { CART_TEXT, GRADE_TEXT, gradeRangeMessage } from '@eisteddfod/shared';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, type MockRequest } from '../../test/api-mock.ts';
import { cartText } from '../../shared/cart/text.ts';
import { gradeText, gradeWords } from '../../shared/grades/text.ts';
import { renderRoutes } from '../../test/render.tsx';
import ItemsPage from './ItemsPage.tsx';
import {
  BROWSING_EVENT,
  CONTESTANT_ID,
  CUSTOMER_ID,
  browsingServer,
  makeContestant,
  makeItem,
  makeOrder,
  makeOrderItem,
} from '../../test/catalogue-server.ts';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));
const show = vi.mocked(notifications.show);

const path = `/${CONTESTANT_ID}/categories/1/items`;
const renderItems = () =>
  renderRoutes(
    [{ path: '/:participantId/categories/:categoryId/items', element: <ItemsPage /> }],
    path,
  );
const adds = (requests: MockRequest[]) =>
  requests.filter((r) => r.method === 'POST' && r.path.endsWith('/OrderItems'));
const card = async (code: string) => screen.findByRole('article', { name: new RegExp(code) });

// Mantine's comboboxes and typed searches are slow on a busy machine.
describe('ItemsPage (spec 2 "Items", spec 9 "Paging and search")', { timeout: 20_000 }, () => {
  beforeEach(() => {
    localStorage.setItem('token', 'session-token');
    localStorage.setItem('customerId', String(CUSTOMER_ID));
  });
  afterEach(() => {
    vi.clearAllMocks();
    vi.unstubAllGlobals();
  });

  it('offers Next while pages remain and Previous after the first, fetching the next page ahead', async () => {
    const items = Array.from({ length: 40 }, (_, i) => makeItem(i + 1));
    const requests = mockApi(browsingServer({ items }));
    const user = userEvent.setup();
    renderItems();
    const pages = () =>
      requests
        .filter((r) => r.path === '/api/Eisteddfods/1/Categories/1/Items')
        .map((r) => r.query.get('skip'));

    expect(await screen.findByText('Showing 1–15 of 40')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Previous' })).not.toBeInTheDocument();
    await waitFor(() => expect(pages()).toEqual(['0', '15']));

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 16–30 of 40')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();
    // Page 2 came from the prefetch; page 3 is fetched ahead in turn.
    await waitFor(() => expect(pages()).toEqual(['0', '15', '30']));

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 31–40 of 40')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Showing 16–30 of 40')).toBeInTheDocument();
    expect(pages()).toEqual(['0', '15', '30']);
  });

  it('shows neither button for a single page', async () => {
    mockApi(browsingServer({ items: Array.from({ length: 15 }, (_, i) => makeItem(i + 1)) }));
    renderItems();
    expect(await screen.findByText('Showing 1–15 of 15')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Previous' })).not.toBeInTheDocument();
  });

  it('cuts long descriptions at 120 characters with View More', async () => {
    const description = `${'A long description. '.repeat(8)}The end.`;
    mockApi(browsingServer({ items: [makeItem(1, { description })] }));
    const user = userEvent.setup();
    renderItems();
    const item = await card('DA101');
    expect(within(item).queryByText(/The end\./)).not.toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'View More' }));
    expect(within(item).getByText(/The end\./)).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'View Less' })).toBeInTheDocument();
  });

  it('asks for an instrument before adding an item that needs one, without a request', async () => {
    const piano = makeItem(1, {
      code: 'MU901',
      requiresAnInstrument: true,
      category: { id: 10, name: 'Piano', section: 'Music' },
    });
    const requests = mockApi(browsingServer({ items: [piano] }));
    const user = userEvent.setup();
    renderItems();
    const item = await card('MU901');
    await user.click(within(item).getByRole('button', { name: 'Add to Cart' }));
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ color: 'orange', message: cartText('selectInstrument') }),
    );
    expect(adds(requests)).toEqual([]);
  });

  it('warns of a duplicate before any request: same item in other sections', async () => {
    const poem = makeItem(1);
    const requests = mockApi(
      browsingServer({ items: [poem], cart: makeOrder([makeOrderItem(poem)]) }),
    );
    const user = userEvent.setup();
    renderItems();
    const item = await card('DA101');
    await waitFor(() => expect(requests.some((r) => r.path === '/api/Orders')).toBe(true));
    await user.click(within(item).getByRole('button', { name: 'Add to Cart' }));
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ color: 'orange', message: cartText('duplicate') }),
    );
    expect(adds(requests)).toEqual([]);
  });

  it('marks the items already in the cart for this contestant', async () => {
    const poem = makeItem(1);
    const story = makeItem(2, { code: 'DA102' });
    mockApi(browsingServer({ items: [poem, story], cart: makeOrder([makeOrderItem(poem)]) }));
    renderItems();
    const entered = await card('DA101');
    expect(await within(entered).findByText('In your cart')).toBeVisible();
    expect(within(await card('DA102')).queryByText('In your cart')).not.toBeInTheDocument();
  });

  it('counts the instrument in a Music duplicate', async () => {
    const piano = makeItem(1, {
      code: 'MU901',
      requiresAnInstrument: true,
      category: { id: 10, name: 'Piano', section: 'Music' },
    });
    const entered = makeOrderItem(piano, { instruments: 'Guitar' });
    const requests = mockApi(browsingServer({ items: [piano], cart: makeOrder([entered]) }));
    const user = userEvent.setup();
    renderItems();
    const item = await card('MU901');
    await waitFor(() => expect(requests.some((r) => r.path === '/api/Orders')).toBe(true));
    await user.click(within(item).getByRole('combobox', { name: /Instrument/ }));
    await user.click(await screen.findByRole('option', { name: 'Guitar', hidden: true }));
    await user.click(within(item).getByRole('button', { name: 'Add to Cart' }));
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ message: cartText('duplicateWithInstrument') }),
    );
    expect(adds(requests)).toEqual([]);
  });

  it('says what the date is for: the day to enter by, and when the late-entry surcharge starts (issue 32)', async () => {
    const lateEvent = {
      ...BROWSING_EVENT,
      dates: { ...BROWSING_EVENT.dates, lateEntryFrom: '2026-12-13' },
    };
    mockApi(
      browsingServer({
        items: [makeItem(1, { dueDate: '2026-12-16' })],
        answer: (r) => (r.path === '/api/Eisteddfods/1' ? [200, lateEvent] : undefined),
      }),
    );
    renderItems();
    const item = await card('DA101');
    // It said 'Entries close 16 December 2026', without what closes: the uploads portal's
    // 'Due:' and the reminders now give the same day, from the same rule (decision 046).
    expect(
      await within(item).findByText(
        'Enter by 16 December 2026 (Late-entry surcharge from 13 December 2026)',
      ),
    ).toBeVisible();
  });

  it('offers a disabled "Deadline has passed" instead of Add once the deadline passed', async () => {
    mockApi(browsingServer({ items: [makeItem(1, { deadlinePassed: true })] }));
    renderItems();
    const item = await card('DA101');
    expect(
      within(item).getByRole('button', { name: cartText('deadlinePassedButton') }),
    ).toBeDisabled();
    expect(within(item).queryByRole('button', { name: 'Add to Cart' })).not.toBeInTheDocument();
  });

  it('adds a group item and shows the Group Item notice, which closes on Ok', async () => {
    const choir = makeItem(3, {
      isGroupItem: true,
      minimumParticipants: 5,
      maximumParticipants: 30,
    });
    const requests = mockApi(
      browsingServer({
        items: [choir],
        answer: ({ method, path }) =>
          method === 'POST' && path === '/api/Orders/900/OrderItems'
            ? [201, makeOrderItem(choir, { groupInformationNeeded: true })]
            : undefined,
      }),
    );
    const user = userEvent.setup();
    renderItems();
    const item = await card('DA103');
    expect(within(item).getByText(/Group item: 5–30 participants/)).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'Add to Cart' }));
    const notice = await screen.findByRole('dialog', { name: cartText('groupNoticeTitle') });
    expect(within(notice).getByText(cartText('groupNotice'))).toBeInTheDocument();
    expect(adds(requests)[0]?.body).toEqual({
      itemId: 3,
      participantProfileId: CONTESTANT_ID,
      instruments: '',
    });
    await user.click(within(notice).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: /View Cart, 1 item/ })).toBeInTheDocument();
  });

  it("shows the server's refusal as a warning", async () => {
    const poem = makeItem(1);
    mockApi(
      browsingServer({
        items: [poem],
        answer: ({ method, path }) =>
          method === 'POST' && path.endsWith('/OrderItems')
            ? [
                400,
                {
                  ...apiError(400, 'DEADLINE_PASSED', cartText('lateItem')),
                  messageId: CART_TEXT.id('lateItem'),
                },
              ]
            : undefined,
      }),
    );
    const user = userEvent.setup();
    renderItems();
    const item = await card('DA101');
    await user.click(within(item).getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ color: 'orange', message: cartText('lateItem') }),
      ),
    );
  });

  it('re-opens a cart checked out meanwhile and adds the item to the new one', async () => {
    const poem = makeItem(1);
    const fresh = { ...makeOrder(), id: 901 };
    let checkedOut = false;
    const requests = mockApi(
      browsingServer({
        items: [poem],
        answer: ({ method, path }) => {
          if (method === 'POST' && path === '/api/Orders/900/OrderItems') {
            checkedOut = true;
            return [409, apiError(409, 'NOT_A_CART', cartText('notACart'))];
          }
          if (checkedOut && method === 'GET' && path === '/api/Orders/900') {
            return [200, { ...makeOrder(), status: 'awaiting_payment' }];
          }
          if (checkedOut && method === 'POST' && path === '/api/Orders') return [200, fresh];
          if (method === 'POST' && path === '/api/Orders/901/OrderItems') {
            return [201, makeOrderItem(poem, { orderId: 901 })];
          }
          return undefined;
        },
      }),
    );
    const user = userEvent.setup();
    renderItems();
    const item = await card('DA101');
    await waitFor(() => expect(localStorage.getItem('cart')).toBe('900'));
    await user.click(within(item).getByRole('button', { name: 'Add to Cart' }));
    expect(await within(item).findByText('Added to the cart.')).toBeInTheDocument();
    expect(adds(requests).map((r) => r.path)).toEqual([
      '/api/Orders/900/OrderItems',
      '/api/Orders/901/OrderItems',
    ]);
    expect(localStorage.getItem('cart')).toBe('901');
    expect(show).not.toHaveBeenCalled();
  });

  it("shows the items for the contestant's grade, and every grade on request, where an item for other grades cannot be added", async () => {
    const young = makeItem(1, {
      shortDescription: 'Poetry (Grades R–3)',
      grades: { lowest: 'R', highest: '3' },
    });
    const forFive = makeItem(2, {
      shortDescription: 'Poetry (Grades 4–7)',
      grades: { lowest: '4', highest: '7' },
    });
    const requests = mockApi(
      browsingServer({ items: [young, forFive], contestants: [makeContestant()] }),
    );
    const user = userEvent.setup();
    renderItems();
    expect(await card('DA102')).toBeInTheDocument();
    expect(screen.getByText('Showing 1–1 of 1')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: /DA101/ })).not.toBeInTheDocument();
    // Nothing was asked for before the contestant's grade was known.
    const pages = requests.filter((r) => r.path === '/api/Eisteddfods/1/Categories/1/Items');
    expect(pages.map((r) => r.query.get('grade'))).toEqual(['5']);

    await user.click(screen.getByRole('switch', { name: new RegExp(`^${gradeText('showAll')}`) }));
    const other = await card('DA101');
    const reason = gradeWords(
      GRADE_TEXT.say('notForGrade', {
        firstName: 'Lindiwe',
        grade: '5',
        ...gradeRangeMessage(young.grades).values,
      }),
    );
    expect(within(other).getByText(reason)).toBeInTheDocument();
    expect(within(other).getByText('Grades R–3')).toBeInTheDocument();
    const add = within(other).getByRole('button', { name: 'Add to Cart' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription(reason);
    expect(within(await card('DA102')).getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
    expect(adds(requests)).toEqual([]);
  });
});

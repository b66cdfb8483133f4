import { MantineProvider } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withMantine } from '../../../test/render.tsx';
import { DataTable, type Column, type DataTableProps } from './DataTable.tsx';

interface School {
  id: number;
  name: string;
  pupils: number;
}

const SCHOOLS: School[] = [
  { id: 1, name: 'Jacaranda Primary', pupils: 40 },
  { id: 2, name: 'Acacia High', pupils: 120 },
  { id: 3, name: 'Baobab College', pupils: 75 },
];

const COLUMNS: Column<School>[] = [
  {
    key: 'name',
    header: 'School',
    compare: (a, b) => a.name.localeCompare(b.name),
    cell: (s) => s.name,
  },
  {
    key: 'pupils',
    header: 'Pupils',
    compare: (a, b) => a.pupils - b.pupils,
    firstDirection: 'descending',
    cell: (s) => s.pupils,
  },
  { key: 'open', header: 'Open', headerHidden: true, cell: (s) => <button>Open {s.name}</button> },
];

function draw(props: Partial<DataTableProps<School>> = {}) {
  return withMantine(
    <DataTable
      label="Schools"
      columns={COLUMNS}
      rows={SCHOOLS}
      rowKey={(s) => s.id}
      empty="No school matches."
      {...props}
    />,
  );
}

/** The first cell of each body row, in order. */
const names = () =>
  within(screen.getByRole('table', { name: 'Schools' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

function phoneScreen() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
}

describe('DataTable', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('draws the columns as declared, each cell labelled with its header for the phone cards', () => {
    draw();
    const table = screen.getByRole('table', { name: 'Schools' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['School↕', 'Pupils↕', 'Open']);
    const first = within(table).getAllByRole('row')[1]!;
    const cells = within(first).getAllByRole('cell');
    expect(cells.map((td) => td.getAttribute('data-label'))).toEqual(['School', 'Pupils', '']);
    expect(first).toHaveTextContent('Jacaranda Primary40Open Jacaranda Primary');
  });

  it('sorts by a header, says so with aria-sort, and turns the order round on a second press', async () => {
    const user = userEvent.setup();
    draw();
    expect(names()).toEqual(['Jacaranda Primary', 'Acacia High', 'Baobab College']);
    const pupils = screen.getByRole('columnheader', { name: /Pupils/ });
    expect(pupils).not.toHaveAttribute('aria-sort');

    await user.click(within(pupils).getByRole('button'));
    expect(pupils).toHaveAttribute('aria-sort', 'descending');
    expect(names()).toEqual(['Acacia High', 'Baobab College', 'Jacaranda Primary']);

    await user.click(within(pupils).getByRole('button'));
    expect(pupils).toHaveAttribute('aria-sort', 'ascending');
    expect(names()).toEqual(['Jacaranda Primary', 'Baobab College', 'Acacia High']);

    // By keyboard too: the header is a button.
    within(screen.getByRole('columnheader', { name: /School/ }))
      .getByRole('button')
      .focus();
    await user.keyboard('{Enter}');
    expect(names()).toEqual(['Acacia High', 'Baobab College', 'Jacaranda Primary']);
    expect(pupils).not.toHaveAttribute('aria-sort');
  });

  it('keeps a sort the caller owns, set by its own control as well as by the headers', async () => {
    const user = userEvent.setup();
    function Owned() {
      const [sort, setSort] = useState<DataTableProps<School>['sort']>(null);
      return (
        <>
          <button onClick={() => setSort({ key: 'name', direction: 'ascending' })}>By name</button>
          <DataTable
            label="Schools"
            columns={COLUMNS}
            rows={SCHOOLS}
            rowKey={(s) => s.id}
            empty="None"
            sort={sort}
            onSort={setSort}
          />
        </>
      );
    }
    withMantine(<Owned />);
    await user.click(screen.getByRole('button', { name: 'By name' }));
    expect(names()).toEqual(['Acacia High', 'Baobab College', 'Jacaranda Primary']);
    expect(screen.getByRole('columnheader', { name: /School/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  });

  it('filters by every word typed, counts, and says so when nothing is left', async () => {
    const user = userEvent.setup();
    draw({
      filter: { label: 'Search schools', text: (s) => s.name },
      count: (shown, total) => `${shown} of ${total} schools`,
    });
    expect(screen.getByText('3 of 3 schools')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Search schools' }), 'primary jac');
    expect(names()).toEqual(['Jacaranda Primary']);
    expect(screen.getByText('1 of 3 schools')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Search schools' }), 'x');
    expect(screen.getByText('No school matches.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('pages in the browser, and a new search starts from the first page', async () => {
    const user = userEvent.setup();
    draw({ paging: 2, filter: { label: 'Search schools', text: (s) => s.name } });
    expect(names()).toEqual(['Jacaranda Primary', 'Acacia High']);
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(names()).toEqual(['Baobab College']);
    await user.type(screen.getByRole('textbox', { name: 'Search schools' }), 'a');
    expect(names()).toEqual(['Jacaranda Primary', 'Acacia High']);
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows the page the server sent and asks it for another', async () => {
    const user = userEvent.setup();
    const onPage = vi.fn();
    draw({ rows: SCHOOLS.slice(0, 2), paging: { page: 1, total: 5, pageSize: 2, onPage } });
    expect(names()).toEqual(['Jacaranda Primary', 'Acacia High']);
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPage).toHaveBeenCalledWith(2);
  });

  it('scrolls a wide table in a named region the keyboard can reach', () => {
    draw({ minWidth: 720 });
    expect(screen.getByRole('region', { name: 'Schools' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('table', { name: 'Schools' })).toBeInTheDocument();
  });

  it('shows grey bars and no table while the first rows are on their way, then dims a reload', () => {
    const { rerender } = draw({ rows: [], loading: true });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText('No school matches.')).not.toBeInTheDocument();
    rerender(
      <MantineProvider>
        <DataTable
          label="Schools"
          columns={COLUMNS}
          rows={SCHOOLS}
          rowKey={(s) => s.id}
          empty="No school matches."
          loading
        />
      </MantineProvider>,
    );
    expect(screen.getByRole('table', { name: 'Schools' })).toHaveAttribute('aria-busy', 'true');
  });

  it('draws a totals row under the rows', () => {
    draw({ footer: { header: 'Total', cells: [235, ''] } });
    const rows = within(screen.getByRole('table', { name: 'Schools' })).getAllByRole('row');
    expect(rows.at(-1)).toHaveTextContent('Total235');
    expect(within(rows.at(-1)!).getByRole('rowheader', { name: 'Total' })).toBeInTheDocument();
  });

  it('gives a phone the caller’s own cards as a list, and no table, when it draws them', () => {
    phoneScreen();
    draw({ card: (s) => <p>{s.name} has a card</p> });
    const cards = within(screen.getByRole('list', { name: 'Schools' })).getAllByRole('listitem');
    expect(cards.map((c) => c.textContent)).toEqual([
      'Jacaranda Primary has a card',
      'Acacia High has a card',
      'Baobab College has a card',
    ]);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('keeps the table on a wide screen when the caller draws cards', () => {
    draw({ card: (s) => <p>{s.name} has a card</p> });
    expect(screen.getByRole('table', { name: 'Schools' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Schools' })).not.toBeInTheDocument();
  });
});

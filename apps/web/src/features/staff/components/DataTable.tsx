import {
  Group,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState, type CSSProperties, type Key, type ReactNode } from 'react';
import classes from './DataTable.module.css';
import { filterAndSort, pagingOf } from './data-table-rows.ts';

/** One column, declared as data: its header names it in the table and labels it on a card. */
export interface Column<Row> {
  /** Says which column the list is sorted by (`sort`, `onSort`); unique in a table. */
  key: string;
  header: string;
  /** Drawn visually hidden on a wide screen, and with no label on a card (a row's buttons). */
  headerHidden?: boolean;
  cell: (row: Row) => ReactNode;
  /** Makes the header a sort button; the rows are ordered by it (client-side rows). */
  compare?: (a: Row, b: Row) => number;
  /** The first press of the header sorts this way (counts and dates: the most first). */
  firstDirection?: SortDirection;
  width?: number | string;
  nowrap?: boolean;
  hideOnPhone?: boolean;
  style?: CSSProperties;
}

export type SortDirection = 'ascending' | 'descending';
export interface Sort {
  key: string;
  direction: SortDirection;
}

/** Paging on the server: `rows` are the page the server sent, of `total`. */
export interface ServerPaging {
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
}

export interface DataTableProps<Row> {
  /** Names the table, and its scrolling region when `minWidth` is given. */
  label: string;
  /** Names the table by a heading instead (its id); `label` still names the region. */
  labelledBy?: string;
  /** Names the table when its region's name says more ("Revenue per day (table)"). */
  tableLabel?: string;
  columns: Column<Row>[];
  rows: readonly Row[];
  /** Names a row for React; the index is the row's place on the page shown. */
  rowKey: (row: Row, index: number) => Key;
  /** What an empty list says (after filtering, if anything was filtered out). */
  empty: ReactNode;
  /** A wide table: it scrolls sideways in a named, focusable region above this width. */
  minWidth?: number;
  /** A text box that keeps the rows whose text has every word typed. */
  filter?: { label: string; placeholder?: string; text: (row: Row) => string };
  /** The caller's own filter controls, beside the text box. */
  controls?: ReactNode;
  /** The caller's filters, as a value: a new one starts from the first page. */
  filterKey?: string;
  /** A line above the table with the count, read out as it changes. */
  count?: (shown: number, total: number) => ReactNode;
  /** Client-side pages of this size; or the server's page (`ServerPaging`). */
  paging?: number | ServerPaging;
  /** Given with `onSort`, the sort is the caller's (a select elsewhere also sets it). */
  sort?: Sort | null;
  onSort?: (sort: Sort) => void;
  defaultSort?: Sort;
  /** Data is on its way: skeleton rows when there are none yet, else the rows dimmed. */
  loading?: boolean;
  /** Drawn instead of the table (a load that failed). */
  error?: ReactNode;
  /** A phone shows the caller's cards, a list, instead of the label: value cards. */
  card?: (row: Row) => ReactNode;
  /** A totals row under the rows: its header, then a value for each column after the first. */
  footer?: { header: string; cells: ReactNode[] };
  striped?: boolean;
  layout?: 'fixed' | 'auto';
}

const SKELETON_ROWS = 3;

/**
 * Every staff list: columns as data, sorting, filtering, paging (in the browser or by the
 * server), a card per row on a phone, loading and empty states (decision 054).
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const [query, setQuery] = useState('');
  const [ownSort, setOwnSort] = useState<Sort | null>(props.defaultSort ?? null);
  const sort = props.onSort ? (props.sort ?? null) : ownSort;
  const setSort = props.onSort ?? setOwnSort;
  // A new search or order starts from the first page: the page is kept with what it was for.
  const pageFor = JSON.stringify([query, sort, props.filterKey]);
  const [clientPage, setClientPage] = useState({ page: 1, pageFor });

  const shown = filterAndSort(props.rows, props.columns, props.filter, query, sort);
  const paging = pagingOf(
    props.paging,
    shown,
    clientPage.pageFor === pageFor ? clientPage.page : 1,
  );
  const onPage =
    typeof props.paging === 'object'
      ? props.paging.onPage
      : (page: number) => setClientPage({ page, pageFor });

  return (
    <>
      {(props.filter || props.controls) && (
        <Group align="flex-end">
          {props.filter && (
            <TextInput
              label={props.filter.label}
              placeholder={props.filter.placeholder}
              value={query}
              onChange={(e) => setQuery(e.currentTarget.value)}
              style={{ flex: '1 1 16rem' }}
              maw={420}
            />
          )}
          {props.controls}
        </Group>
      )}
      {props.error ?? (
        <>
          {props.count && (
            <Text size="sm" aria-live="polite">
              {props.count(shown.length, props.rows.length)}
            </Text>
          )}
          {shown.length > 0 ? (
            <Layouts {...props} rows={paging.rows} sort={sort} onSort={setSort} />
          ) : props.loading ? (
            <Waiting />
          ) : (
            <Text size="sm">{props.empty}</Text>
          )}
          {paging.pages > 1 && (
            <Pagination
              total={paging.pages}
              value={paging.page}
              onChange={onPage}
              getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
              getControlProps={(control) => ({
                'aria-label':
                  control === 'next'
                    ? 'Next page'
                    : control === 'previous'
                      ? 'Previous page'
                      : control,
              })}
            />
          )}
        </>
      )}
    </>
  );
}

/**
 * Grey bars where the rows will be. Not a table yet: the named table appears with its rows, so
 * nothing finds an empty one.
 */
function Waiting() {
  return (
    <Stack gap="xs" aria-busy="true" aria-hidden="true">
      {Array.from({ length: SKELETON_ROWS }, (_, i) => (
        <Skeleton key={i} height={28} radius="sm" />
      ))}
    </Stack>
  );
}

type LayoutProps<Row> = DataTableProps<Row> & { sort: Sort | null; onSort: (sort: Sort) => void };

/**
 * The table, and the caller's cards if it draws its own. Both are drawn until the screen's width
 * is known (the stylesheet shows the right one at first paint); then the other is dropped, so
 * that a screen reader meets the list once.
 */
function Layouts<Row>(props: LayoutProps<Row>) {
  const phone = useMediaQuery('(max-width: 47.99em)');
  if (!props.card) return <Wide {...props} />;
  const card = props.card;
  return (
    <>
      {phone !== true && (
        <div className={classes.withCards}>
          <Wide {...props} />
        </div>
      )}
      {phone !== false && (
        <div className={classes.cardList} role="list" aria-label={props.label}>
          {props.rows.map((row, index) => (
            <div role="listitem" key={props.rowKey(row, index)}>
              {card(row)}
            </div>
          ))}
        </div>
      )}
    </>
  );
}

/** The desktop table, in its scrolling region when it is wide. */
function Wide<Row>(props: LayoutProps<Row>) {
  const table = <Grid {...props} />;
  if (props.minWidth === undefined) return table;
  return (
    <div role="region" aria-label={props.label} tabIndex={0} className={classes.scroll}>
      <div
        className={classes.wide}
        style={{ '--data-table-min-width': `${props.minWidth}px` } as CSSProperties}
      >
        {table}
      </div>
    </div>
  );
}

/**
 * The roles are spelled out: a phone draws the rows as blocks (cards), and a table drawn with
 * `display: block` loses its table semantics in some browsers' accessibility trees.
 */
function Grid<Row>(props: LayoutProps<Row>) {
  return (
    <Table
      role="table"
      striped={props.striped ?? true}
      verticalSpacing="xs"
      layout={props.layout}
      className={`${classes.table} ${props.loading ? classes.busy : ''}`}
      aria-label={props.labelledBy ? undefined : (props.tableLabel ?? props.label)}
      aria-labelledby={props.labelledBy}
      aria-busy={props.loading || undefined}
    >
      <Table.Thead role="rowgroup">
        <Table.Tr role="row">
          {props.columns.map((column) => (
            <HeaderCell key={column.key} column={column} sort={props.sort} onSort={props.onSort} />
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody role="rowgroup">
        {props.rows.map((row, index) => (
          <Table.Tr key={props.rowKey(row, index)} role="row">
            {props.columns.map((column) => (
              <Table.Td
                key={column.key}
                role="cell"
                data-label={column.headerHidden ? '' : column.header}
                className={cellClass(column)}
                style={column.style}
              >
                {/* One box for the value: a phone's card sets the label beside it. */}
                <div className={classes.value}>{column.cell(row)}</div>
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
      {props.footer && (
        <Table.Tfoot role="rowgroup">
          <Table.Tr role="row">
            <Table.Th role="rowheader" scope="row">
              {props.footer.header}
            </Table.Th>
            {props.footer.cells.map((cell, i) => (
              <Table.Td key={i} role="cell" data-label={props.columns[i + 1]?.header ?? ''}>
                <div className={classes.value}>{cell}</div>
              </Table.Td>
            ))}
          </Table.Tr>
        </Table.Tfoot>
      )}
    </Table>
  );
}

function cellClass(column: Pick<Column<unknown>, 'nowrap' | 'hideOnPhone'>): string | undefined {
  const names = [column.nowrap && classes.nowrap, column.hideOnPhone && classes.hideOnPhone];
  return names.filter(Boolean).join(' ') || undefined;
}

function HeaderCell<Row>(props: {
  column: Column<Row>;
  sort: Sort | null;
  onSort: (sort: Sort) => void;
}) {
  const { column, sort } = props;
  const sorted = sort?.key === column.key ? sort.direction : undefined;
  const className = cellClass(column);
  const header = column.headerHidden ? (
    <VisuallyHidden>{column.header}</VisuallyHidden>
  ) : (
    column.header
  );
  if (!column.compare) {
    return (
      <Table.Th role="columnheader" w={column.width} className={className}>
        {header}
      </Table.Th>
    );
  }
  const next: SortDirection = sorted
    ? sorted === 'ascending'
      ? 'descending'
      : 'ascending'
    : (column.firstDirection ?? 'ascending');
  return (
    <Table.Th
      role="columnheader"
      w={column.width}
      className={className}
      aria-sort={sorted}
      data-sortable
    >
      <UnstyledButton
        className={classes.sortButton}
        onClick={() => props.onSort({ key: column.key, direction: next })}
      >
        {header}
        <span aria-hidden="true">
          {sorted === 'ascending' ? '▲' : sorted === 'descending' ? '▼' : '↕'}
        </span>
      </UnstyledButton>
    </Table.Th>
  );
}

import type { Column, DataTableProps, Sort } from './DataTable.tsx';

// The rows a DataTable shows: those the search keeps, in the chosen order, one page of them.

/** The rows whose filter text holds every word typed, sorted by the sorted column. */
export function filterAndSort<Row>(
  rows: readonly Row[],
  columns: Column<Row>[],
  filter: DataTableProps<Row>['filter'],
  query: string,
  sort: Sort | null,
): readonly Row[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const kept =
    filter && words.length > 0
      ? rows.filter((row) => {
          const text = filter.text(row).toLowerCase();
          return words.every((w) => text.includes(w));
        })
      : rows;
  const compare = columns.find((c) => c.key === sort?.key)?.compare;
  if (!compare || !sort) return kept;
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...kept].sort((a, b) => sign * compare(a, b));
}

/** One page of the rows, or the server's page as it is; with the page and the number of pages. */
export function pagingOf<Row>(
  paging: DataTableProps<Row>['paging'],
  rows: readonly Row[],
  wanted: number,
): { rows: readonly Row[]; page: number; pages: number } {
  if (paging === undefined) return { rows, page: 1, pages: 1 };
  if (typeof paging === 'object') {
    const pages = Math.max(1, Math.ceil(paging.total / paging.pageSize));
    return { rows, page: paging.page, pages };
  }
  const pages = Math.max(1, Math.ceil(rows.length / paging));
  const page = Math.min(wanted, pages);
  return { rows: rows.slice((page - 1) * paging, page * paging), page, pages };
}

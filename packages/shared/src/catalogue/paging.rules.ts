/** Browsing screens show 15 items a page (spec 9, "Paging and search"). */
export const PAGE_SIZE = 15;
/** The order-edit screen asks for 300 items at once (spec 7); nothing asks for more. */
export const MAX_PAGE_SIZE = 300;
/** Searches start at 2 characters (spec 4, "Search"). */
const MIN_SEARCH_LENGTH = 2;
/** Item descriptions are cut here, with View More when they are this long or longer (spec 9). */
const DESCRIPTION_PREVIEW_LENGTH = 120;

export function hasNextPage(skip: number, total: number, pageSize = PAGE_SIZE): boolean {
  return skip + pageSize < total && total > pageSize;
}

export function hasPreviousPage(skip: number): boolean {
  return skip > 0;
}

/** More than one character switches a browsing screen to search results. */
export function isSearching(text: string): boolean {
  return text.trim().length >= MIN_SEARCH_LENGTH;
}

export function needsViewMore(description: string): boolean {
  return description.length >= DESCRIPTION_PREVIEW_LENGTH;
}

export function previewDescription(description: string): string {
  return needsViewMore(description)
    ? description.slice(0, DESCRIPTION_PREVIEW_LENGTH)
    : description;
}

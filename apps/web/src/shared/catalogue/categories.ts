import { catalogueApi, inReadersLanguage, type Category } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client.ts';
import { readerLocale } from '../../lib/i18n/catalogue.ts';
import { useClientConfig } from '../event/api/client-config.ts';

/** Each name in the reader's language, English where not translated (decision 070). */
const namesInReadersLanguage = (categories: Category[]) =>
  categories.map((c) => inReadersLanguage(readerLocale(), c));

/** Every category with its section (spec 7). */
function fetchCategories(eventId: number, signal?: AbortSignal) {
  return callApi(catalogueApi.categories, { params: { id: eventId }, signal });
}

export function useCategories() {
  const eventId = useClientConfig().data?.eventId;
  return useQuery({
    queryKey: ['categories', eventId],
    queryFn: ({ signal }) => fetchCategories(eventId ?? 0, signal),
    enabled: eventId !== undefined,
    select: namesInReadersLanguage,
    // The catalogue changes between competitions, not between page views.
    staleTime: 10 * 60_000,
  });
}

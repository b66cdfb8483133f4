import { eventsApi, type CopyEvent } from '@eisteddfod/shared';
import { useMutation } from '@tanstack/react-query';
import { callApi, messageOf } from '../../../../lib/api-client.ts';
import { toast } from '../../../../lib/toasts.ts';
import { useEventsRefresh } from './events-change.ts';

export function useCopyEvent(fromId: number) {
  const refresh = useEventsRefresh();
  return useMutation({
    mutationFn: (copy: CopyEvent) =>
      callApi(eventsApi.copy, { params: { id: fromId }, body: copy }),
    meta: { handlesErrors: true },
    onSuccess: (created) => {
      void refresh();
      const old = created.oldYearTexts.length;
      const left =
        old === 0
          ? ''
          : ` ${old} ${old === 1 ? 'text still names' : 'texts still name'} ${created.copiedFromYear}: see the list on its page.`;
      toast(
        'success',
        `${created.settings.name} was made. It is not live yet.${left}`,
        'Event copied',
      );
    },
    onError: (error) => toast('error', messageOf(error), 'Not copied'),
  });
}

import type { PublishPreview } from '@eisteddfod/shared';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Who a publication or the release tells, as its dialog says it (decision 033): "3 families of
 * 4 contestants are told their results now by email and WhatsApp (1)". A channel that reaches
 * only some of the families says how many.
 */
export function toldSentence(told: PublishPreview, what = 'their results'): string {
  if (told.families === 0) return 'No family is told anything now.';
  const channels = [
    told.byEmail > 0 && `email${told.byEmail < told.families ? ` (${told.byEmail})` : ''}`,
    told.byWhatsApp > 0 &&
      `WhatsApp${told.byWhatsApp < told.families ? ` (${told.byWhatsApp})` : ''}`,
  ].filter((c): c is string => typeof c === 'string');
  return `${count(told.families, 'family', 'families')} of ${count(told.contestants, 'contestant', 'contestants')} ${told.families === 1 ? 'is' : 'are'} told ${what} now${channels.length > 0 ? ` by ${channels.join(' and ')}` : ''}`;
}

import { z } from 'zod';
import { text } from '../api/text.schema.ts';
import { HOME_FAQ_COUNT } from './site-content.rules.ts';

// The public site's words as organisers edit them (issue 16): the home page's title and
// introduction, and the FAQ in its order (the home page shows the first five, the FAQ
// document all of them). The key dates are the event's own, never typed here.

export const SiteContentSchema = z.object({
  title: text().trim().min(1, 'Please enter the title.').max(120),
  intro: text().trim().min(1, 'Please enter the introduction.').max(1200),
  faq: z
    .array(
      z.object({
        question: text().trim().min(1, 'Please enter every question.').max(300),
        answer: text().trim().min(1, 'Please answer every question.').max(3000),
      }),
    )
    .min(
      HOME_FAQ_COUNT,
      `The home page shows ${HOME_FAQ_COUNT} questions: keep at least that many.`,
    )
    .max(100),
});
export type SiteContent = z.infer<typeof SiteContentSchema>;

/**
 * The contact page's messages, apart from the schema that uses them: the page shows them without
 * loading zod (decision 029).
 */
export const SUPPORT_MESSAGES = {
  name: 'Please enter your name.',
  email: 'Please ensure you have entered a valid email address.',
  mobile: 'Please ensure you have entered a valid mobile number.',
  subject: 'Please enter a subject.',
  message: 'Please write your message (at least 10 characters).',
  sent: 'Thank you. Your message has been sent and we have emailed you a copy.',
} as const;

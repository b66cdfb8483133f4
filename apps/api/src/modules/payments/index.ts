// The payments module's face (decision 010): its plugin, and what other modules may use of it.
export { default } from './payments.module.ts';
export { MAX_NOTIFICATION_ATTEMPTS } from './notifications.ts';
export type { PaymentsService } from './payments.service.ts';

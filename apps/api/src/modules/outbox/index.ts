// The outbox module's face (decision 010): its plugin, and what other modules may use of it.
export { default } from './outbox.module.ts';
export { type Outbox, type OutboxMessage, type OutboxTransports } from './outbox.service.ts';

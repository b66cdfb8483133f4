// The events module's face (decision 010): its plugin, and what other modules may use of it.
export { default } from './events.module.ts';
export { findEvent, lockEvent, takeTurn } from './events.repository.ts';

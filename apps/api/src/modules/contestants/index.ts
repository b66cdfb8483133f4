// The contestants module's face (decision 010): its plugin, and what other modules may use of it.
export { default } from './contestants.module.ts';
export { profileNotFound, type ContestantsService } from './contestants.service.ts';

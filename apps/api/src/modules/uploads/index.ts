// The uploads module's face (decision 010): its plugin, and what other modules may use of it.
export { default } from './uploads.module.ts';
export { hasMainFile } from './entries.repository.ts';

// The uploads module's face (decision 010): its plugin, and what other modules may use of it.
// Four services for the four ways files arrive and are kept: entries (a family's portal: status,
// finalising, withdrawing), entry files (pictures and documents by form post), video slots (the
// tus uploads' places) and file processing (the claimed job that makes renditions and posters).
export { default } from './uploads.module.ts';
export { hasMainFile } from './entries.repository.ts';

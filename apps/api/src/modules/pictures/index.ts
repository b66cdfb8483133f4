// The pictures module's face (decision 010): its plugin, and what other modules may use of it.
export { default } from './pictures.module.ts';
export { type PicturesService } from './pictures.service.ts';

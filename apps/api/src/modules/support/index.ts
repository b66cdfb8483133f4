// The support module's face (decision 010): its plugin, and what other modules may use of it.
export { default } from './support.module.ts';

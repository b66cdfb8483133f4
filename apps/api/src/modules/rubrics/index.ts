// The rubrics module's face (decision 010): its plugin, and what other modules may use of it.
export { default } from './rubrics.module.ts';

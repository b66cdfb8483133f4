// The class-entries module's face (decision 010): its plugin.
export { default } from './class-entries.module.ts';

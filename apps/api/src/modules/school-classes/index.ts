// The school-classes module's face (decision 010): its plugin.
export { default } from './school-classes.module.ts';

// The school-statements module's face (decision 010): its plugin.
export { default } from './school-statements.module.ts';

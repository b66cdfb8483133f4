// The season-tasks module's face (decision 010): its plugin only; nothing of it is used elsewhere.
export { default } from './season-tasks.module.ts';

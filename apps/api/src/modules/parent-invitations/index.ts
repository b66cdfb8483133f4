// The parent-invitations module's face (decision 010): its plugin.
export { default } from './parent-invitations.module.ts';

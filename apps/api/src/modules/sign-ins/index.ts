// The sign-ins module's face (decision 010): its plugin, and what other modules may use of it.
export { default } from './sign-ins.module.ts';
export { type SignInRefusal, type SignInsService } from './sign-ins.service.ts';

// The results-day module's face (decision 010): its plugin, and what other modules may use of it.
export { default } from './results-day.module.ts';
export { type CertificatesService } from './certificates.service.ts';

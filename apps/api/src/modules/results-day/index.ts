// The results-day module's face (decision 010): its plugin, and what other modules may use of it.
// Six services, one per step of results day, each its own job: results (publication by the
// organisers), certificates (made per published entry by a job), winners (the section rule,
// previewed and confirmed), release (the gala date), gala (the public page) and a family's
// contestant results. Each is a few hundred lines; one service of them all would be 1,400.
export { default } from './results-day.module.ts';
export { type CertificatesService } from './certificates.service.ts';

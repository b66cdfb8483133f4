// The catalogue module's face (decision 010): its plugin, and what other modules may use of it.
export { default } from './catalogue.module.ts';
export { type CatalogueSnapshot, toEventSummary } from './catalogue-snapshot.ts';
export { type CatalogueService } from './catalogue.service.ts';

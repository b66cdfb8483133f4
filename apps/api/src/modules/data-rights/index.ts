// The data-rights module's face (decision 010): its plugin, and what other modules may use of it.
export { default } from './data-rights.module.ts';
export {
  isErased,
  keptPaymentFields,
  redactNotificationIfErased,
} from './erased-payments.repository.ts';
export { DELETION_GRACE_MS, queueFileDeletions } from './file-deletions.repository.ts';
export { createZipStream } from './zip-stream.ts';

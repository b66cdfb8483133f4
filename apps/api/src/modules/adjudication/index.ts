// The adjudication module's face (decision 010): its plugin, and what other modules may use of it.
// Two services: adjudicators (invitations, assignments, conflicts: what organisers keep) and
// marking (an adjudicator's blind list and marks).
export { default } from './adjudication.module.ts';
export { findAdjudicators } from './adjudicators.repository.ts';
export { entryCode, markStatusOf } from './marking.service.ts';
export { findRubricScores } from './marks.repository.ts';
export { ensureRubrics, lockRubrics } from './rubrics.repository.ts';

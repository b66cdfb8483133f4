// The teachers module's face (decision 010): what other modules may use of it.
export { findClassReach, learnersIn } from './class-reach.repository.ts';
export type { ClassReach, HeldClass } from './class-reach.repository.ts';

// The teachers module's face (decision 010): its plugin, and what other modules may use of it.
export { default } from './teachers.module.ts';
export { classScope, learnersIn } from './class-reach.repository.ts';
export type { ClassReach, HeldClass } from './class-reach.repository.ts';
export { membershipsOfAccount, teachersOfSchool } from './teachers.service.ts';
export { reachClass, teacherReach } from './class-access.ts';
export type { ReachedClass } from './class-access.ts';

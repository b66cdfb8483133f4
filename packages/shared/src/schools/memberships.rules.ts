/**
 * Schools and teachers (issue 35, docs/decisions/061-schools-and-teachers.md). A teacher is a
 * family account that acts for a school (or a private studio) once an organiser approves it;
 * nobody acts for a school on their own word.
 */

/** A school of the list, or a private studio a teacher runs. */
export const SCHOOL_KINDS = ['school', 'studio'] as const;
export type SchoolKind = (typeof SCHOOL_KINDS)[number];

/**
 * A teacher sees only the learners of their own class; the coordinator (one per school) sees
 * every learner and entry of the school, across its teachers.
 */
export const MEMBERSHIP_ROLES = ['teacher', 'coordinator'] as const;
export type MembershipRole = (typeof MEMBERSHIP_ROLES)[number];

/**
 * requested: asked, waiting for an organiser; approved: acts for the school; refused: an
 * organiser said no (with a reason the teacher sees); ended: an organiser or the teacher ended
 * an approved membership (the class's learners and entries stay, held by the teacher's account,
 * but no longer count as the school's).
 */
export const MEMBERSHIP_STATUSES = ['requested', 'approved', 'refused', 'ended'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

/** A membership that gives its holder a class: approved, with a school of the list. */
export function actsForSchool(m: { status: MembershipStatus; schoolId: number | null }): boolean {
  return m.status === 'approved' && m.schoolId !== null;
}

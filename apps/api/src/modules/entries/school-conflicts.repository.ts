import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias, type AnyPgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { foldedSql } from '../../db/fold.ts';
import {
  conflictsOfInterest,
  customers,
  groupParticipants,
  learnerParents,
  orderItems,
  orders,
  participantProfiles,
  schoolMemberships,
  schools,
  teacherConflicts,
} from '../../db/schema/index.ts';

// Conflicts of interest that follow schools and teachers (issue 35, decision 068). Every table
// here is aliased: the rule is nested in queries that read customers (the dashboard counts every
// adjudicator at once), and an unaliased name would bind to the wrong row.

type Adjudicator = number | AnyPgColumn;
/** The columns of a contestant (the entry's, or an alias of the table) the rules read. */
type Profile = Record<'id' | 'customerId' | 'schoolId' | 'schoolMembershipId', AnyPgColumn>;

/** A table under another name: its columns, and what a FROM clause says of it. */
function aliased<T extends PgTable>(table: T, name: string) {
  return [alias(table, name), sql`${table} ${sql.identifier(name)}`] as const;
}

const [declared, fromDeclared] = aliased(conflictsOfInterest, 'coi_declared');
const [taught, fromTaught] = aliased(schoolMemberships, 'coi_taught');
const [holder, fromHolder] = aliased(customers, 'coi_holder');
const [self, fromSelf] = aliased(customers, 'coi_self');
const [schoolClass, fromSchoolClass] = aliased(schoolMemberships, 'coi_class');
const [schoolRow, fromSchoolRow] = aliased(schools, 'coi_school');
const [learner, fromLearner] = aliased(participantProfiles, 'coi_learner');
const [teacher, fromTeacher] = aliased(teacherConflicts, 'coi_teacher');
const [entered, fromEntered] = aliased(learnerParents, 'coi_entered');

/**
 * The schools an adjudicator never reaches: those they declared (held by the school's id), and
 * those they teach at, by an approved membership of their own account or of an account with
 * their email (an adjudicator's staff account is apart from the family account they teach with).
 */
function conflictedSchoolIds(adjudicatorId: Adjudicator): SQL {
  return sql`(
    select ${declared.schoolId} from ${fromDeclared}
     where ${declared.adjudicatorId} = ${adjudicatorId} and ${declared.schoolId} is not null
    union
    select ${taught.schoolId} from ${fromTaught}
      join ${fromHolder} on ${holder.id} = ${taught.customerId}
     where ${taught.status} = 'approved' and ${taught.schoolId} is not null
       and (${taught.customerId} = ${adjudicatorId}
         or lower(${holder.email}) = (select lower(${self.email}) from ${fromSelf} where ${self.id} = ${adjudicatorId}))
  )`;
}

/** A contestant of these schools: linked to one, or in an approved class of one. */
function isLearnerOf(profile: Profile, schoolIds: SQL): SQL {
  return sql`(${profile.schoolId} in ${schoolIds}
    or ${profile.schoolMembershipId} in (
      select ${schoolClass.id} from ${fromSchoolClass}
       where ${schoolClass.status} = 'approved' and ${schoolClass.schoolId} in ${schoolIds}))`;
}

/**
 * A contestant a teacher holds (any child of their account) or holds in a class (any school),
 * or entered as a learner and a parent took over since (security review of decision 068).
 */
function isLearnerOfTeacher(profile: Profile, teacherId: SQLWrapper): SQL {
  return sql`(${profile.customerId} = ${teacherId}
    or ${profile.schoolMembershipId} in (
      select ${schoolClass.id} from ${fromSchoolClass} where ${schoolClass.customerId} = ${teacherId})
    or exists (select 1 from ${fromEntered} where ${entered.participantProfileId} = ${profile.id}
      and ${entered.teacherCustomerId} = ${teacherId}))`;
}

/** Some member of the entry's group passes `test` (group members are names, not profiles). */
const anyMember = (test: SQL) =>
  sql`exists (select 1 from ${groupParticipants} where ${groupParticipants.orderItemId} = ${orderItems.id} and ${test})`;

/** A group member whose name folds to a learner that passes `test`. */
const memberIsLearner = (test: SQL) =>
  anyMember(sql`exists (select 1 from ${fromLearner} where ${test}
    and ${foldedSql(sql`${learner.firstName} || ' ' || ${learner.surname}`)}
      = ${foldedSql(sql`${groupParticipants.firstName} || ' ' || ${groupParticipants.surname}`)})`);

/**
 * Whether the entry (needs `orders`, `order_items` and `participant_profiles` joined) reaches a
 * school or a teacher the adjudicator has a conflict with: its contestant, or a group member by
 * the school they attend (linked, migration 0039) or typed, or by their name being a learner of
 * that school or teacher. A teacher's
 * conflict also covers every entry the teacher's account made. Hiding more is the safe side.
 */
export function touchesSchoolOrTeacherOf(adjudicatorId: Adjudicator): SQL {
  const ids = conflictedSchoolIds(adjudicatorId);
  const names = sql`(select ${foldedSql(schoolRow.name)} from ${fromSchoolRow} where ${schoolRow.id} in ${ids})`;
  const bySchool = sql`(${isLearnerOf(participantProfiles, ids)}
    or ${anyMember(sql`(${groupParticipants.schoolId} in ${ids} or ${foldedSql(groupParticipants.school)} in ${names})`)}
    or ${memberIsLearner(isLearnerOf(learner, ids))})`;
  const byTeacher = sql`exists (select 1 from ${fromTeacher}
    where ${teacher.adjudicatorId} = ${adjudicatorId}
      and (${orders.customerId} = ${teacher.teacherId}
        or ${isLearnerOfTeacher(participantProfiles, teacher.teacherId)}
        or ${memberIsLearner(isLearnerOfTeacher(learner, teacher.teacherId))}))`;
  // `x in (...)` is null, not false, for a contestant of no school once the adjudicator has a
  // conflicted school: without coalesce, `not` of it hid every such entry from them.
  return sql`coalesce((${bySchool} or ${byTeacher}), false)`;
}

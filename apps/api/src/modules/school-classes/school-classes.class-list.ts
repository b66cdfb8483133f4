import {
  CLASS_LIST_COLUMNS,
  CLASS_LIST_HEADERS,
  CLASS_TEXT,
  classListColumns,
  findLearnerMatch,
  indexLearners,
  learnerNameKey,
  learnerProblems,
  MAX_CLASS_LIST_BYTES,
  MAX_CLASS_LIST_ROWS,
  readGender,
  readGrade,
  REQUIRED_CLASS_LIST_COLUMNS,
  type ClassListCommit,
  type ClassListMatch,
  type ClassListProblem,
  type ClassListReport,
  type ClassListRowReport,
  type LearnerIndex,
  type Said,
} from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import { audit } from '../../lib/audit.repository.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { wordsOf } from '../../lib/messages.ts';
import { UnreadableFileError } from '../../lib/strip-metadata/errors.ts';
import { runUntrusted, SHEET_LIMITS } from '../../lib/untrusted.ts';
import { reachClass, type ReachedClass } from '../teachers/index.ts';
import * as repo from './school-classes.repository.ts';
import { consentNotDeclared, newLearner } from './school-classes.service.ts';

type ListRow = Omit<ClassListRowReport, 'problems' | 'match'>;

const problem = (column: ClassListProblem['column'], said: Said): ClassListProblem => ({
  column,
  messageId: said.id,
  ...(said.values ? { values: said.values } : {}),
  message: wordsOf(said),
});

/** The sheet's rows as text, read in a child with a time and memory limit (decision 030). */
async function readRows(data: Buffer): Promise<string[][]> {
  if (data.length > MAX_CLASS_LIST_BYTES)
    throw new AppError(413, 'FILE_TOO_LARGE', CLASS_TEXT.say('tooLarge'));
  try {
    return await runUntrusted('parseSheet', { data }, SHEET_LIMITS);
  } catch (err) {
    if (err instanceof UnreadableFileError)
      throw new AppError(415, 'IMPORT_UNREADABLE', 'This spreadsheet could not be read.');
    throw err;
  }
}

/** The list's learners by the columns its header names; grade and gender as understood. */
function listRows(sheet: string[][]): ListRow[] {
  const [header, ...body] = sheet;
  const columns = classListColumns(header ?? []);
  const missing = REQUIRED_CLASS_LIST_COLUMNS.find((c) => columns[c] === undefined);
  if (!header || Object.keys(columns).length === 0)
    throw badRequest('VALIDATION_ERROR', CLASS_TEXT.say('noHeader'));
  if (missing)
    throw badRequest(
      'VALIDATION_ERROR',
      CLASS_TEXT.say('missingColumn', { column: CLASS_LIST_HEADERS[missing] }),
    );
  const rows = body
    .map((cells, i) => {
      const cell = (c: (typeof CLASS_LIST_COLUMNS)[number]) => {
        const at = columns[c];
        return at === undefined ? '' : (cells[at] ?? '').trim().slice(0, 254);
      };
      const grade = cell('grade');
      const gender = cell('gender');
      return {
        row: i + 2,
        firstName: cell('firstName').slice(0, 100),
        surname: cell('surname').slice(0, 100),
        grade: (readGrade(grade) ?? grade).slice(0, 40),
        gender: (readGender(gender) ?? gender).slice(0, 40),
        parentEmail: cell('parentEmail'),
        parentMobile: cell('parentMobile').slice(0, 40),
      };
    })
    .filter((r) => CLASS_LIST_COLUMNS.some((c) => r[c] !== ''));
  if (rows.length === 0) throw badRequest('VALIDATION_ERROR', CLASS_TEXT.say('noRows'));
  if (rows.length > MAX_CLASS_LIST_ROWS)
    throw new AppError(
      413,
      'CLASS_LIST_TOO_LONG',
      CLASS_TEXT.say('tooManyRows', { max: MAX_CLASS_LIST_ROWS }),
    );
  return rows;
}

/** Each row with its problems and what the school already has of its learner (decision 064). */
async function reportRows(
  db: Database,
  cls: ReachedClass,
  rows: ListRow[],
  known: LearnerIndex,
): Promise<ClassListRowReport[]> {
  const firstRowOf = new Map<string, number>();
  const found = rows.map((r) => {
    const problems = learnerProblems(r).map((p) => problem(p.column, p.said));
    const key = learnerNameKey(r.firstName, r.surname);
    const first = firstRowOf.get(key);
    if (first !== undefined && r.firstName && r.surname)
      problems.push(problem('firstName', CLASS_TEXT.say('repeated', { row: first })));
    else firstRowOf.set(key, r.row);
    return { row: r, problems, match: findLearnerMatch(r, known, cls.membershipId) };
  });
  const others = found.flatMap((f) =>
    f.match?.kind === 'in-school' ? [f.match.membershipId] : [],
  );
  const teachers = cls.coordinates ? await repo.findTeacherNames(db, others) : new Map();
  return found.map(({ row, problems, match }) => {
    let shown: ClassListMatch | null = null;
    if (match?.kind === 'in-school')
      shown = { kind: 'in-school', teacherName: teachers.get(match.membershipId) ?? null };
    else if (match) shown = { kind: match.kind };
    return { ...row, problems, match: shown };
  });
}

/**
 * Importing a class list (issue 35, decision 064). The check reads the file and reports every
 * row, writing nothing; the commit takes the rows the teacher keeps, checks them again against
 * the school as it is now, and adds them all in one transaction or none.
 */
export function createClassListService(db: Database) {
  return {
    async check(
      customerId: number,
      membershipId: number,
      file: { data: Buffer },
    ): Promise<ClassListReport> {
      const cls = await reachClass(db, customerId, membershipId, true);
      const rows = listRows(await readRows(file.data));
      const known = indexLearners(await repo.findKnownLearners(db, cls));
      const report = await reportRows(db, cls, rows, known);
      const matches = report.filter((r) => r.match?.kind === 'possible-match').length;
      if (matches > 0)
        await audit(db, {
          actorCustomerId: customerId,
          action: 'class.possible-match',
          entityType: 'school_membership',
          entityId: membershipId,
          details: { matches, rows: report.length },
        });
      return { rows: report };
    },

    async commit(
      customerId: number,
      membershipId: number,
      body: ClassListCommit,
    ): Promise<{ added: number }> {
      const cls = await reachClass(db, customerId, membershipId, true);
      if (!body.schoolConsentDeclared) throw consentNotDeclared();
      return db.transaction(async (tx) => {
        await repo.takeSchoolTurn(tx, cls.schoolId);
        const known = indexLearners(await repo.findKnownLearners(tx, cls));
        const report = await reportRows(tx, cls, body.rows, known);
        const bad = report.find((r) => r.problems.length > 0);
        if (bad)
          throw badRequest('VALIDATION_ERROR', {
            id: bad.problems[0]!.messageId,
            values: bad.problems[0]!.values,
          });
        const changed = report.find(
          (r, i) =>
            r.match !== null && !(r.match.kind === 'possible-match' && body.rows[i]!.addAnyway),
        );
        if (changed)
          throw new AppError(
            409,
            'CLASS_LIST_CHANGED',
            CLASS_TEXT.say('changed', { row: changed.row }),
          );
        const ids = await repo.insertLearners(tx, cls, body.rows.map(newLearner), new Date());
        await audit(tx, {
          actorCustomerId: customerId,
          action: 'class.list.add',
          entityType: 'school_membership',
          entityId: membershipId,
          details: {
            schoolConsentDeclared: true,
            learnerIds: ids,
            addedAnyway: body.rows.filter((r) => r.addAnyway).map((r) => r.row),
          },
        });
        return { added: ids.length };
      });
    },
  };
}

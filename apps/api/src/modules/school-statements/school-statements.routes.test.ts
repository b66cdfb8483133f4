import {
  ClassEntriesSchema,
  LedgerMovementSchema,
  PaymentsPageSchema,
  SchoolStatementSchema,
  StatementLookupSchema,
  statementReference,
  type Item,
} from '@eisteddfod/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, orders } from '../../db/schema/index.ts';
import { createFamily } from '../../test/family.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createStaff } from '../adjudication/adjudication.test-helpers.ts';
import { createSchool, createTeacher } from '../class-entries/class-entries.test-helpers.ts';
import {
  BANKING,
  classPath,
  enterClass,
  setBanking,
  soloItems,
} from './school-statements.test-helpers.ts';

// Issue 35 (decision 066): a teacher's class order as one statement, paid by EFT against its
// reference, and a school's totals across its teachers. Before the late-entry date: R160 each.
const NOW = '2025-04-01T10:00:00.000Z';
let t: TestApp;
let organiser: Awaited<ReturnType<typeof createStaff>>;
let solos: Item[];

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  organiser = await createStaff(t, 'organiser');
  solos = await soloItems(t);
});
afterAll(() => t.close());

type Teacher = Awaited<ReturnType<typeof createTeacher>>;
const statement = async (f: Teacher) => {
  const res = await f.call('GET', `${classPath(f)}/Statement`);
  expect(res.statusCode, res.body).toBe(200);
  return SchoolStatementSchema.parse(res.json());
};
const pdf = (f: Teacher, orderId: number) =>
  f.call('GET', `${classPath(f)}/Statement/${orderId}/Pdf`);
const eft = (f: Teacher, orderId: number) =>
  f.call('POST', `${classPath(f)}/Statement/${orderId}/Eft`);
const emailOf = async (id: number) =>
  (await t.database.db.select().from(customers).where(eq(customers.id, id)))[0]!.email!;
const confirmations = async (email: string) =>
  (await t.app.inject({ url: `/api/dev/outbox?to=${encodeURIComponent(email)}` }))
    .json<{ subject: string }[]>()
    .filter((m) => m.subject.startsWith('Your entries are confirmed'));

describe('a teacher’s statement', () => {
  it('prices the class’s cart as checkout does and prints each learner’s entries, totals and reference', async () => {
    const school = await createSchool(t, 'Jacaranda Primary');
    const teacher = await createTeacher(t, school.id, [
      { firstName: 'Thandi', surname: 'Nkosi' },
      { firstName: 'Pieter', surname: 'van Wyk' },
    ]);
    const orderId = await enterClass(teacher, solos, 2);
    const s = await statement(teacher);
    expect(s.wholeSchool).toBe(false);
    expect(s.orders).toEqual([
      expect.objectContaining({
        orderId,
        reference: statementReference(orderId),
        status: 'cart',
        own: true,
        entries: 4,
        totalCents: 64000,
        paidCents: 0,
        owedCents: 64000,
        refundedCents: 0,
      }),
    ]);

    const res = await pdf(teacher, orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const words = pdfText(res.rawPayload);
    for (const expected of [
      'Jacaranda Primary',
      'Thandi Nkosi, grade 5',
      'Pieter van Wyk, grade 5',
      `${solos[0]!.code} ${solos[0]!.shortDescription.split(' ')[0]}`,
      'Dance',
      'R 160.00',
      'R 640.00',
      statementReference(orderId),
    ])
      expect(words).toContain(expected);
    // No banking details yet: the statement says so instead of printing blanks.
    expect(words).toMatch(
      /banking details are not set yet, so a statement for EFT cannot be\s+made/,
    );
    expect(words).not.toMatch(/Account number: *\n/);
  });

  it('prints the organiser’s banking details once they are set', async () => {
    const school = await createSchool(t);
    const teacher = await createTeacher(t, school.id, [{}]);
    const orderId = await enterClass(teacher, solos, 1);
    await setBanking(organiser, BANKING);
    const words = pdfText((await pdf(teacher, orderId)).rawPayload);
    expect(words).toContain('Account number: 62812345678');
    expect(words).toContain('Branch code: 250655');
    expect(words).toContain('First National Bank');
    expect(words).not.toContain('not set yet');
    expect((await statement(teacher)).banking).toEqual(BANKING);
  });
});

describe('paying by EFT', () => {
  it('refuses while a banking detail is missing', async () => {
    await setBanking(organiser, { ...BANKING, branchCode: '' });
    const school = await createSchool(t);
    const teacher = await createTeacher(t, school.id, [{}]);
    const orderId = await enterClass(teacher, solos, 1);
    const res = await eft(teacher, orderId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'BANKING_MISSING' });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row!.status).toBe('cart');
    await setBanking(organiser, BANKING);
  });

  it('freezes the order; the organiser finds it by reference and records it; every entry is paid once', async () => {
    const school = await createSchool(t);
    const teacher = await createTeacher(t, school.id, [{}, {}, {}]);
    const orderId = await enterClass(teacher, solos, 2);
    const res = await eft(teacher, orderId);
    expect(res.statusCode, res.body).toBe(200);
    const [frozen] = SchoolStatementSchema.parse(res.json()).orders;
    expect(frozen).toMatchObject({ status: 'awaiting_payment', totalCents: 96000 });
    // Again: still the same frozen order.
    expect((await eft(teacher, orderId)).statusCode).toBe(200);

    // As a bank line may carry it: lower case, spaced.
    const reference = statementReference(orderId);
    const typed = `${reference.slice(0, 3).toLowerCase()} ${reference.slice(3)}`;
    const found = await organiser.call(
      'GET',
      `/api/Staff/Payments/Statements/${encodeURIComponent(typed)}`,
    );
    expect(found.statusCode, found.body).toBe(200);
    const lookup = StatementLookupSchema.parse(found.json());
    expect(lookup).toMatchObject({ orderId, totalCents: 96000, entries: 6, reference });

    const payment = {
      method: 'bank_transfer',
      reference,
      receivedOn: '2025-04-01',
      amountCents: lookup.totalCents,
    };
    const recorded = await organiser.call(
      'POST',
      `/api/Staff/Orders/${orderId}/ManualPayments`,
      payment,
    );
    expect(recorded.statusCode, recorded.body).toBe(201);
    expect(LedgerMovementSchema.parse(recorded.json()).orderId).toBe(orderId);
    const again = await organiser.call(
      'POST',
      `/api/Staff/Orders/${orderId}/ManualPayments`,
      payment,
    );
    expect(again.statusCode).toBe(200);

    const entries = ClassEntriesSchema.parse(
      (await teacher.call('GET', `${classPath(teacher)}/Entries`)).json(),
    );
    expect(entries.entries).toHaveLength(6);
    expect(entries.counts.unpaid).toBe(0);
    const [paid] = (await statement(teacher)).orders;
    expect(paid).toMatchObject({ status: 'paid', paidCents: 96000, owedCents: 0 });
    // The confirmation goes to the teacher, once.
    expect(await confirmations(await emailOf(teacher.id))).toHaveLength(1);

    // The ledger's search finds the payment by the reference however it is typed.
    const search = await organiser.call(
      'GET',
      `/api/Staff/Payments?search=${encodeURIComponent(typed)}`,
    );
    const rows = PaymentsPageSchema.parse(search.json()).rows;
    expect(rows.map((r) => r.orderId)).toEqual([orderId]);
  });

  it('answers 404 for a reference that is not one, or whose check fails', async () => {
    const school = await createSchool(t);
    const teacher = await createTeacher(t, school.id, [{}]);
    const orderId = await enterClass(teacher, solos, 1);
    const reference = statementReference(orderId);
    const wrong = reference.slice(0, -1) + (reference.endsWith('2') ? '3' : '2');
    for (const r of [wrong, 'NOT-A-REF']) {
      const res = await organiser.call('GET', `/api/Staff/Payments/Statements/${r}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'REFERENCE_NOT_FOUND' });
    }
    const family = await createFamily(t);
    const res = await family.call('GET', `/api/Staff/Payments/Statements/${reference}`);
    expect([403, 404]).toContain(res.statusCode);
  });
});

describe('row scope', () => {
  it('hides a teacher’s order from another teacher, another school and a family', async () => {
    const school = await createSchool(t);
    const teacher = await createTeacher(t, school.id, [{}]);
    const colleague = await createTeacher(t, school.id, [{}]);
    const elsewhere = await createTeacher(t, (await createSchool(t)).id, [{}]);
    const orderId = await enterClass(teacher, solos, 1);
    await enterClass(colleague, solos, 1);

    expect((await statement(colleague)).orders.map((o) => o.orderId)).not.toContain(orderId);
    for (const other of [colleague, elsewhere]) {
      expect((await pdf(other, orderId)).statusCode).toBe(404);
      expect((await eft(other, orderId)).statusCode).toBe(404);
    }
    // Through another teacher's class: not theirs to read (404 CLASS_NOT_FOUND).
    const cross = await elsewhere.call(
      'GET',
      `/api/Customers/${elsewhere.id}/Classes/${teacher.membershipId}/Statement`,
    );
    expect(cross.statusCode).toBe(404);
    const family = await createFamily(t);
    const parent = await family.call(
      'GET',
      `/api/Customers/${family.id}/Classes/${teacher.membershipId}/Statement`,
    );
    expect(parent.statusCode).toBe(403);
  });

  it('gives a coordinator and the organiser the school’s totals across its teachers', async () => {
    const school = await createSchool(t);
    const coordinator = await createTeacher(t, school.id, [{}], 'coordinator');
    const a = await createTeacher(t, school.id, [{}, {}]);
    const b = await createTeacher(t, school.id, [{}]);
    const outsider = await createTeacher(t, (await createSchool(t)).id, [{}]);
    const aOrder = await enterClass(a, solos, 2);
    const bOrder = await enterClass(b, solos, 1);
    await enterClass(outsider, solos, 1);
    expect((await eft(b, bOrder)).statusCode).toBe(200);
    await organiser.call('POST', `/api/Staff/Orders/${bOrder}/ManualPayments`, {
      method: 'bank_transfer',
      reference: statementReference(bOrder),
      receivedOn: '2025-04-01',
      amountCents: 16000,
    });

    const s = await statement(coordinator);
    expect(s.wholeSchool).toBe(true);
    expect(s.orders.map((o) => o.orderId).sort()).toEqual([aOrder, bOrder].sort());
    expect(s.orders.every((o) => !o.own)).toBe(true);
    expect(s.totals).toEqual({
      entries: 5,
      totalCents: 80000,
      paidCents: 16000,
      owedCents: 64000,
      refundedCents: 0,
    });
    // The coordinator reads the school's figures, not another teacher's invoice: its order may
    // hold learners of another school and the teacher's own children (security review).
    expect((await pdf(coordinator, aOrder)).statusCode).toBe(404);
    expect((await eft(coordinator, aOrder)).statusCode).toBe(404);

    const staff = await organiser.call('GET', `/api/Staff/Schools/${school.id}/Statement`);
    expect(staff.statusCode, staff.body).toBe(200);
    expect(SchoolStatementSchema.parse(staff.json()).totals).toEqual(s.totals);
    const family = await createFamily(t);
    expect(
      (await family.call('GET', `/api/Staff/Schools/${school.id}/Statement`)).statusCode,
    ).not.toBe(200);
  });
});

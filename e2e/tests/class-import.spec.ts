import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectAccessibleDialog, expectNoAccessibilityViolations } from './axe.ts';
import { createDatabase, postgresProblem } from './cluster/services.ts';
import { useOwnServer } from './own-server.ts';
import { registerAndLogIn, stored } from './session.ts';

/**
 * A teacher imports a class list (issue 35, decision 064): 30 rows, one of them wrong and two
 * learners the portal already has (one in the class, one a family's child), checked first and
 * then added. The teacher's approved membership is inserted here, as the approval screen is
 * another part of the issue; so the spec's server runs on a PostgreSQL database of its own.
 */
const name = `e2e_class_${randomBytes(4).toString('hex')}`;
const databaseUrl = new URL(
  process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
);
databaseUrl.pathname = `/${name}`;
let database: Awaited<ReturnType<typeof createDatabase>> | undefined;

test.beforeAll(async () => {
  const problem = await postgresProblem();
  test.skip(problem !== undefined, problem);
  database = await createDatabase(name);
});
const origin = useOwnServer('class-import', 'organiser@class.example', {
  DATABASE_URL: databaseUrl.href,
  REDIS_URL: '',
  SINGLE_INSTANCE: 'true',
});
test.afterAll(async () => {
  await database?.drop();
});

/** 27 new learners, one row with a grade that is none, and the two the portal knows. */
function classList(): string {
  const rows = ['First name,Surname,Grade,Gender,Parent email,Parent cellphone'];
  for (let i = 0; i < 27; i++)
    rows.push(
      `Learner${String.fromCharCode(65 + (i % 26))}${i},Class${i},Gr 5,${i % 2 ? 'M' : 'F'},,`,
    );
  rows.splice(5, 0, 'Dineo,Mahlangu,Gr 15,F,,');
  rows.push('Nomsa,Dube,5,F,nomsa.parent@example.org,082 555 0101');
  rows.push('Zoe,Naidoo,Grade 5,girl,,');
  return rows.join('\n');
}

test('a teacher imports a class list: problems and matches shown, the rest added', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: origin() });
  const page = await context.newPage();
  await registerAndLogIn(page, `teacher.${name}@example.org`);
  const teacherId = Number(await stored(page, 'customerId'));

  const db = database!;
  const [school] = await db.query<{ id: number }>(
    `insert into schools (name) values ('Jacaranda Primary') returning id`,
  );
  const [membership] = await db.query<{ id: number }>(
    `insert into school_memberships (customer_id, school_id, status, decided_at)
     values ($1, $2, 'approved', now()) returning id`,
    [teacherId, school!.id],
  );
  const [parent] = await db.query<{ id: number }>(
    `insert into customers (first_name, surname, email, country)
     values ('Priya', 'Naidoo', 'priya.${name}@example.org', 'South Africa') returning id`,
  );
  // A family's child at the school, entered last year (a grade lower), and a learner already
  // in the class.
  await db.query(
    `insert into participant_profiles (customer_id, first_name, surname, school, school_id, grade, gender)
     values ($1, 'Zoë', 'Naidoo', 'Jacaranda Primary', $2, '4', 'female')`,
    [parent!.id, school!.id],
  );
  await db.query(
    `insert into participant_profiles (customer_id, first_name, surname, school, school_id,
       school_membership_id, grade, gender, school_consent_declared_at)
     values ($1, 'Nomsa', 'Dube', 'Jacaranda Primary', $2, $3, '5', 'female', now())`,
    [teacherId, school!.id, membership!.id],
  );

  await page.goto(`/teaching/class/${membership!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'My class' })).toBeVisible();
  await expect(page.getByText('Jacaranda Primary · 1 learner')).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await page.getByRole('button', { name: 'Import a class list' }).click();
  await page.locator('input[type=file]').setInputFiles({
    name: 'class-5b.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(classList()),
  });
  // Each row is drawn as a card on a phone and a table row on a wider screen: the one shown.
  await expect(page.getByTestId('class-list-summary')).toHaveText(
    '27 learners ready · 1 row with problems · 1 already on the portal · 1 possible match',
  );
  await expect(
    page
      .getByText('“Gr 15” is not a grade: write R or a number from 1 to 12')
      .filter({ visible: true }),
  ).toBeVisible();
  await expect(
    page.getByText('Already in your class: skipped').filter({ visible: true }),
  ).toBeVisible();
  await expect(
    page
      .getByText('A child of this name at your school is already on the portal')
      .filter({ visible: true }),
  ).toBeVisible();
  // Nothing of the family is shown: only that a match exists.
  await expect(page.getByText('Priya')).toHaveCount(0);
  await expectNoAccessibilityViolations(page);

  const add = page.getByRole('button', { name: 'Add 27 learners' });
  await expect(add).toBeDisabled();
  await page.getByRole('checkbox', { name: /school's own consent covers these learners/ }).check();
  await add.click();
  await expect(page.getByText('27 learners were added to your class.')).toBeVisible();
  await expect(page.getByText('Jacaranda Primary · 28 learners')).toBeVisible();
  await expect(page.getByText('Dineo')).toHaveCount(0);
  await expect(page.getByText('Zoe')).toHaveCount(0);
  await expectNoAccessibilityViolations(page);

  // The family's child is offered as a match when added one by one too, and added only on request.
  await page.getByRole('button', { name: 'Add a learner' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('First name').fill('Zoe');
  await dialog.getByLabel('Surname').fill('Naidoo');
  await dialog.getByLabel('Grade').click();
  await page.getByRole('option', { name: '5', exact: true }).click();
  await dialog.getByLabel('Gender').click();
  await page.getByRole('option', { name: 'Female' }).click();
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'Add a learner' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Possibly already on the portal');
  await expectAccessibleDialog(page, dialog);
  await dialog.getByRole('button', { name: 'Add anyway' }).click();
  await expect(page.getByText('Jacaranda Primary · 29 learners')).toBeVisible();
  await context.close();
});

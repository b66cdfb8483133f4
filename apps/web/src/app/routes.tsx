import { paths } from '@eisteddfod/shared';
import { lazyInLanguage } from '../lib/i18n/lazy-in-language.ts';
import type { RouteObject } from 'react-router';
import { NotFoundPage } from '../components/NotFoundPage.tsx';
import { AppLayout } from './AppLayout.tsx';
import { ConsoleFrame } from './ConsoleFrame.tsx';
import { inTurns } from '../lib/in-turn.ts';
import { nextScreens } from './prefetch-next-screens.ts';
import { RequireLogin } from './RequireLogin.tsx';

/**
 * The code every signed-in screen calls the API with (zod and the calls' schemas): evaluated in
 * a task of its own before a screen's, not in one long task with it (decision 062).
 */
const apiClient = () => import('../lib/api-client.ts');

// Each screen is its own chunk, so a phone downloads only the screen it opens, and the screens a
// family most likely opens next once it is idle there (`nextScreens` below, decision 051). The
// screens a parent uses most load in turns (decision 062): their HTML has asked for every file
// already (route-pages.ts), so a turn waits for nothing but the processor.
const screens = {
  home: () => import('../features/home/HomePage.tsx'),
  info: () => import('../features/info/InfoPage.tsx'),
  contact: () => import('../features/contact/ContactPage.tsx'),
  privacyPolicy: () => import('../features/legal/PrivacyPolicyPage.tsx'),
  termsOfService: () => import('../features/legal/TermsOfServicePage.tsx'),
  register: () => import('../features/auth/RegisterPage.tsx'),
  login: () => import('../features/auth/LoginPage.tsx'),
  verify: () => import('../features/auth/VerifyPage.tsx'),
  myProfile: () => import('../features/profile/MyProfilePage.tsx'),
  contestants: () =>
    inTurns(apiClient, () => import('../features/contestants/ContestantsPage.tsx')),
  createContestant: () => import('../features/contestants/CreateContestantPage.tsx'),
  editContestant: () => import('../features/contestants/EditContestantPage.tsx'),
  parentInvitation: () => import('../features/contestants/InvitationPage.tsx'),
  teachingClass: () => import('../features/teaching/class/ClassPage.tsx'),
  sections: () => import('../features/catalogue/SectionsPage.tsx'),
  categories: () => import('../features/catalogue/CategoriesPage.tsx'),
  items: () => inTurns(apiClient, () => import('../features/catalogue/ItemsPage.tsx')),
  checkout: () => inTurns(apiClient, () => import('../features/checkout/CheckoutPage.tsx')),
  paymentConfirmation: () => import('../features/checkout/PaymentConfirmationPage.tsx'),
  myOrders: () => import('../features/orders/MyOrdersPage.tsx'),
  viewOrder: () => import('../features/orders/ViewOrderPage.tsx'),
  uploads: () => inTurns(apiClient, () => import('../features/uploads/UploadsPage.tsx')),
  // Teachers (issue 35, decision 061): a family account's Teaching area and its classes.
  teaching: () => import('../features/teaching/TeachingPage.tsx'),
  teachingEnter: () => import('../features/teaching/enter/EnterClassPage.tsx'),
  teachingEntries: () => import('../features/teaching/enter/ClassEntriesPage.tsx'),
  // Staff screens (issue 9): downloaded only when a member of staff opens them.
  staffHome: () => import('../features/staff/StaffHomePage.tsx'),
  dashboard: () => import('../features/staff/DashboardPage.tsx'),
  markingList: () => import('../features/staff/MarkingListPage.tsx'),
  marking: () => import('../features/staff/MarkingPage.tsx'),
  results: () => import('../features/staff/ResultsPage.tsx'),
  adjudicators: () => import('../features/staff/AdjudicatorsPage.tsx'),
  events: () => import('../features/staff/EventsPage.tsx'),
  event: () => import('../features/staff/EventPage.tsx'),
  catalogue: () => import('../features/staff/CataloguePage.tsx'),
  rubrics: () => import('../features/staff/RubricsPage.tsx'),
  auditLog: () => import('../features/staff/AuditLogPage.tsx'),
  signIns: () => import('../features/staff/SignInsPage.tsx'),
  siteContent: () => import('../features/staff/SiteContentPage.tsx'),
  schools: () => import('../features/staff/SchoolsPage.tsx'),
  teachers: () => import('../features/staff/TeachersPage.tsx'),
  school: () => import('../features/staff/SchoolPage.tsx'),
  staffMembers: () => import('../features/staff/StaffMembersPage.tsx'),
  reminders: () => import('../features/staff/RemindersPage.tsx'),
  families: () => import('../features/staff/FamiliesPage.tsx'),
  family: () => import('../features/staff/FamilyPage.tsx'),
  payments: () => import('../features/staff/PaymentsPage.tsx'),
  dataRequests: () => import('../features/staff/DataRequestsPage.tsx'),
  jobs: () => import('../features/staff/JobsPage.tsx'),
  // Results day (issue 20): the organisers' winners and release, the gala, a contestant's results.
  winners: () => import('../features/staff/WinnersPage.tsx'),
  gala: () => import('../features/gala/GalaPage.tsx'),
  contestantResults: () => import('../features/results/ContestantResultsPage.tsx'),
};

const HomePage = lazyInLanguage(screens.home);
const InfoPage = lazyInLanguage(screens.info);
const ContactPage = lazyInLanguage(screens.contact);
const PrivacyPolicyPage = lazyInLanguage(screens.privacyPolicy);
const TermsOfServicePage = lazyInLanguage(screens.termsOfService);
const RegisterPage = lazyInLanguage(screens.register);
const LoginPage = lazyInLanguage(screens.login);
const VerifyPage = lazyInLanguage(screens.verify);
const MyProfilePage = lazyInLanguage(screens.myProfile);
const ContestantsPage = lazyInLanguage(screens.contestants);
const CreateContestantPage = lazyInLanguage(screens.createContestant);
const EditContestantPage = lazyInLanguage(screens.editContestant);
const TeachingClassPage = lazyInLanguage(screens.teachingClass);
const InvitationPage = lazyInLanguage(screens.parentInvitation);
const SectionsPage = lazyInLanguage(screens.sections);
const CategoriesPage = lazyInLanguage(screens.categories);
const ItemsPage = lazyInLanguage(screens.items);
const CheckoutPage = lazyInLanguage(screens.checkout);
const PaymentConfirmationPage = lazyInLanguage(screens.paymentConfirmation);
const MyOrdersPage = lazyInLanguage(screens.myOrders);
const ViewOrderPage = lazyInLanguage(screens.viewOrder);
const UploadsPage = lazyInLanguage(screens.uploads);
const TeachingPage = lazyInLanguage(screens.teaching);
const EnterClassPage = lazyInLanguage(screens.teachingEnter);
const ClassEntriesPage = lazyInLanguage(screens.teachingEntries);
const StaffHomePage = lazyInLanguage(screens.staffHome);
const DashboardPage = lazyInLanguage(screens.dashboard);
const MarkingListPage = lazyInLanguage(screens.markingList);
const MarkingPage = lazyInLanguage(screens.marking);
const ResultsPage = lazyInLanguage(screens.results);
const AdjudicatorsPage = lazyInLanguage(screens.adjudicators);
const EventsPage = lazyInLanguage(screens.events);
const EventPage = lazyInLanguage(screens.event);
const CataloguePage = lazyInLanguage(screens.catalogue);
const RubricsPage = lazyInLanguage(screens.rubrics);
const AuditLogPage = lazyInLanguage(screens.auditLog);
const SignInsPage = lazyInLanguage(screens.signIns);
const SiteContentPage = lazyInLanguage(screens.siteContent);
const SchoolsPage = lazyInLanguage(screens.schools);
const TeachersPage = lazyInLanguage(screens.teachers);
const SchoolPage = lazyInLanguage(screens.school);
const StaffMembersPage = lazyInLanguage(screens.staffMembers);
const RemindersPage = lazyInLanguage(screens.reminders);
const FamiliesPage = lazyInLanguage(screens.families);
const FamilyPage = lazyInLanguage(screens.family);
const PaymentsPage = lazyInLanguage(screens.payments);
const DataRequestsPage = lazyInLanguage(screens.dataRequests);
const JobsPage = lazyInLanguage(screens.jobs);
const WinnersPage = lazyInLanguage(screens.winners);
const GalaPage = lazyInLanguage(screens.gala);
const ContestantResultsPage = lazyInLanguage(screens.contestantResults);

/**
 * Every route of spec 2 ("Route table"), at the addresses of `paths` (packages/shared). Matching
 * ignores case, as the spec's links vary.
 */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <HomePage />, handle: nextScreens([paths.register.pattern]) },
      {
        path: paths.homeAlias.pattern,
        element: <HomePage />,
        handle: nextScreens([paths.register.pattern]),
      },
      {
        path: paths.register.pattern,
        element: <RegisterPage />,
        handle: nextScreens([paths.verify.pattern]),
      },
      {
        path: paths.verify.pattern,
        element: <VerifyPage />,
        handle: nextScreens([paths.contestants.pattern]),
      },
      {
        path: paths.login.pattern,
        element: <LoginPage />,
        handle: nextScreens([paths.verify.pattern]),
      },
      { path: paths.contact.pattern, element: <ContactPage /> },
      { path: paths.info.pattern, element: <InfoPage /> },
      { path: paths.privacyPolicy.pattern, element: <PrivacyPolicyPage /> },
      { path: paths.termsOfService.pattern, element: <TermsOfServicePage /> },
      { path: paths.gala.pattern, element: <GalaPage /> },
      // Open to all: the page asks the parent to sign in with the invited address (decision 063).
      { path: paths.parentInvitation.pattern, element: <InvitationPage /> },
      {
        element: <RequireLogin />,
        children: [
          {
            path: paths.contestants.pattern,
            element: <ContestantsPage />,
            handle: nextScreens([paths.createContestant.pattern, paths.sections.pattern]),
          },
          {
            path: paths.createContestant.pattern,
            element: <CreateContestantPage />,
            handle: nextScreens([paths.contestants.pattern, paths.sections.pattern]),
          },
          {
            path: paths.sections.pattern,
            element: <SectionsPage />,
            handle: nextScreens([paths.categories.pattern, paths.checkout.pattern]),
          },
          {
            path: paths.categories.pattern,
            element: <CategoriesPage />,
            handle: nextScreens([paths.items.pattern, paths.checkout.pattern]),
          },
          {
            path: paths.items.pattern,
            element: <ItemsPage />,
            handle: nextScreens([paths.checkout.pattern]),
          },
          {
            path: paths.checkout.pattern,
            element: <CheckoutPage />,
            handle: nextScreens([paths.confirmation.pattern]),
          },
          {
            path: paths.confirmation.pattern,
            element: <PaymentConfirmationPage />,
            handle: nextScreens([paths.uploads.pattern, paths.myOrders.pattern], screens.uploads),
          },
          { path: paths.myProfile.pattern, element: <MyProfilePage /> },
          {
            path: paths.myOrders.pattern,
            element: <MyOrdersPage />,
            handle: nextScreens([paths.viewOrder.pattern, paths.uploads.pattern]),
          },
          { path: paths.viewOrder.pattern, element: <ViewOrderPage /> },
          { path: paths.editContestant.pattern, element: <EditContestantPage /> },
          { path: paths.uploads.pattern, element: <UploadsPage /> },
          { path: paths.contestantResults.pattern, element: <ContestantResultsPage /> },
          {
            // The Teaching area (decision 061): requests here; a class's pages below it.
            path: paths.teaching.pattern,
            children: [
              { index: true, element: <TeachingPage /> },
              { path: paths.teachingClass.pattern, element: <TeachingClassPage /> },
              { path: paths.teachingEnter.pattern, element: <EnterClassPage /> },
              { path: paths.teachingEntries.pattern, element: <ClassEntriesPage /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    // The staff console (issue 34): a shell of its own, not the families' site.
    element: <RequireLogin />,
    children: [
      {
        element: <ConsoleFrame />,
        children: [
          { path: paths.staff.pattern, element: <StaffHomePage /> },
          { path: paths.staffDashboard.pattern, element: <DashboardPage /> },
          { path: paths.staffMarking.pattern, element: <MarkingListPage /> },
          { path: paths.markEntry.pattern, element: <MarkingPage /> },
          { path: paths.staffResults.pattern, element: <ResultsPage /> },
          { path: paths.staffAdjudicators.pattern, element: <AdjudicatorsPage /> },
          { path: paths.staffEvents.pattern, element: <EventsPage /> },
          { path: paths.staffEvent.pattern, element: <EventPage /> },
          { path: paths.staffEventCatalogue.pattern, element: <CataloguePage /> },
          { path: paths.staffEventRubrics.pattern, element: <RubricsPage /> },
          { path: paths.staffAuditLog.pattern, element: <AuditLogPage /> },
          { path: paths.staffSignIns.pattern, element: <SignInsPage /> },
          { path: paths.staffEventContent.pattern, element: <SiteContentPage /> },
          { path: paths.staffSchools.pattern, element: <SchoolsPage /> },
          { path: paths.staffTeachers.pattern, element: <TeachersPage /> },
          { path: paths.staffSchool.pattern, element: <SchoolPage /> },
          { path: paths.staffMembers.pattern, element: <StaffMembersPage /> },
          { path: paths.staffReminders.pattern, element: <RemindersPage /> },
          { path: paths.staffFamilies.pattern, element: <FamiliesPage /> },
          { path: paths.staffFamily.pattern, element: <FamilyPage /> },
          { path: paths.staffPayments.pattern, element: <PaymentsPage /> },
          { path: paths.staffDataRequests.pattern, element: <DataRequestsPage /> },
          { path: paths.staffJobs.pattern, element: <JobsPage /> },
          { path: paths.staffEventWinners.pattern, element: <WinnersPage /> },
        ],
      },
    ],
  },
];

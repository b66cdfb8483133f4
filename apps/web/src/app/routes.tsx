import { paths } from '@eisteddfod/shared';
import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { NotFoundPage } from '../components/NotFoundPage.tsx';
import { AppLayout } from './AppLayout.tsx';
import { RequireLogin } from './RequireLogin.tsx';

// Each screen is its own chunk, so a phone downloads only the screen it opens.
const HomePage = lazy(() => import('../features/home/HomePage.tsx'));
const InfoPage = lazy(() => import('../features/info/InfoPage.tsx'));
const ContactPage = lazy(() => import('../features/contact/ContactPage.tsx'));
const PrivacyPolicyPage = lazy(() => import('../features/legal/PrivacyPolicyPage.tsx'));
const TermsOfServicePage = lazy(() => import('../features/legal/TermsOfServicePage.tsx'));
const RegisterPage = lazy(() => import('../features/auth/RegisterPage.tsx'));
const LoginPage = lazy(() => import('../features/auth/LoginPage.tsx'));
const VerifyPage = lazy(() => import('../features/auth/VerifyPage.tsx'));
const MyProfilePage = lazy(() => import('../features/profile/MyProfilePage.tsx'));
const ContestantsPage = lazy(() => import('../features/contestants/ContestantsPage.tsx'));
const CreateContestantPage = lazy(() => import('../features/contestants/CreateContestantPage.tsx'));
const EditContestantPage = lazy(() => import('../features/contestants/EditContestantPage.tsx'));
const SectionsPage = lazy(() => import('../features/catalogue/SectionsPage.tsx'));
const CategoriesPage = lazy(() => import('../features/catalogue/CategoriesPage.tsx'));
const ItemsPage = lazy(() => import('../features/catalogue/ItemsPage.tsx'));
const CheckoutPage = lazy(() => import('../features/checkout/CheckoutPage.tsx'));
const PaymentConfirmationPage = lazy(
  () => import('../features/checkout/PaymentConfirmationPage.tsx'),
);
const MyOrdersPage = lazy(() => import('../features/orders/MyOrdersPage.tsx'));
const ViewOrderPage = lazy(() => import('../features/orders/ViewOrderPage.tsx'));
const UploadsPage = lazy(() => import('../features/uploads/UploadsPage.tsx'));
// Staff screens (issue 9): their own chunks, downloaded only when a member of staff opens them.
const StaffHomePage = lazy(() => import('../features/staff/StaffHomePage.tsx'));
const DashboardPage = lazy(() => import('../features/staff/DashboardPage.tsx'));
const MarkingListPage = lazy(() => import('../features/staff/MarkingListPage.tsx'));
const MarkingPage = lazy(() => import('../features/staff/MarkingPage.tsx'));
const ResultsPage = lazy(() => import('../features/staff/ResultsPage.tsx'));
const AdjudicatorsPage = lazy(() => import('../features/staff/AdjudicatorsPage.tsx'));
const EventsPage = lazy(() => import('../features/staff/EventsPage.tsx'));
const EventPage = lazy(() => import('../features/staff/EventPage.tsx'));
const CataloguePage = lazy(() => import('../features/staff/CataloguePage.tsx'));
const RubricsPage = lazy(() => import('../features/staff/RubricsPage.tsx'));
const AuditLogPage = lazy(() => import('../features/staff/AuditLogPage.tsx'));
const SignInsPage = lazy(() => import('../features/staff/SignInsPage.tsx'));
const SiteContentPage = lazy(() => import('../features/staff/SiteContentPage.tsx'));
const SchoolsPage = lazy(() => import('../features/staff/SchoolsPage.tsx'));
const StaffMembersPage = lazy(() => import('../features/staff/StaffMembersPage.tsx'));
const RemindersPage = lazy(() => import('../features/staff/RemindersPage.tsx'));
const FamiliesPage = lazy(() => import('../features/staff/FamiliesPage.tsx'));
const FamilyPage = lazy(() => import('../features/staff/FamilyPage.tsx'));
const PaymentsPage = lazy(() => import('../features/staff/PaymentsPage.tsx'));
const DataRequestsPage = lazy(() => import('../features/staff/DataRequestsPage.tsx'));
// Results day (issue 20): the organisers' winners and release, the gala, a contestant's results.
const WinnersPage = lazy(() => import('../features/staff/WinnersPage.tsx'));
const GalaPage = lazy(() => import('../features/gala/GalaPage.tsx'));
const ContestantResultsPage = lazy(() => import('../features/results/ContestantResultsPage.tsx'));

/**
 * Every route of spec 2 ("Route table"), at the addresses of `paths` (packages/shared). Matching
 * ignores case, as the spec's links vary.
 */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: paths.homeAlias.pattern, element: <HomePage /> },
      { path: paths.register.pattern, element: <RegisterPage /> },
      { path: paths.verify.pattern, element: <VerifyPage /> },
      { path: paths.login.pattern, element: <LoginPage /> },
      { path: paths.contact.pattern, element: <ContactPage /> },
      { path: paths.info.pattern, element: <InfoPage /> },
      { path: paths.privacyPolicy.pattern, element: <PrivacyPolicyPage /> },
      { path: paths.termsOfService.pattern, element: <TermsOfServicePage /> },
      { path: paths.gala.pattern, element: <GalaPage /> },
      {
        element: <RequireLogin />,
        children: [
          { path: paths.contestants.pattern, element: <ContestantsPage /> },
          { path: paths.createContestant.pattern, element: <CreateContestantPage /> },
          { path: paths.sections.pattern, element: <SectionsPage /> },
          { path: paths.categories.pattern, element: <CategoriesPage /> },
          { path: paths.items.pattern, element: <ItemsPage /> },
          { path: paths.checkout.pattern, element: <CheckoutPage /> },
          { path: paths.confirmation.pattern, element: <PaymentConfirmationPage /> },
          { path: paths.myProfile.pattern, element: <MyProfilePage /> },
          { path: paths.myOrders.pattern, element: <MyOrdersPage /> },
          { path: paths.viewOrder.pattern, element: <ViewOrderPage /> },
          { path: paths.editContestant.pattern, element: <EditContestantPage /> },
          { path: paths.uploads.pattern, element: <UploadsPage /> },
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
          { path: paths.staffMembers.pattern, element: <StaffMembersPage /> },
          { path: paths.staffReminders.pattern, element: <RemindersPage /> },
          { path: paths.staffFamilies.pattern, element: <FamiliesPage /> },
          { path: paths.staffFamily.pattern, element: <FamilyPage /> },
          { path: paths.staffPayments.pattern, element: <PaymentsPage /> },
          { path: paths.staffDataRequests.pattern, element: <DataRequestsPage /> },
          { path: paths.staffEventWinners.pattern, element: <WinnersPage /> },
          { path: paths.contestantResults.pattern, element: <ContestantResultsPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { NotFoundPage } from '../features/common/NotFoundPage.tsx';
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
const MarkingListPage = lazy(() => import('../features/staff/MarkingListPage.tsx'));
const MarkingPage = lazy(() => import('../features/staff/MarkingPage.tsx'));
const ResultsPage = lazy(() => import('../features/staff/ResultsPage.tsx'));
const AdjudicatorsPage = lazy(() => import('../features/staff/AdjudicatorsPage.tsx'));

/** Every route of spec 2 ("Route table"). Matching ignores case, as the spec's links vary. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'home', element: <HomePage /> },
      { path: 'register', element: <RegisterPage /> },
      { path: 'verify', element: <VerifyPage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'contact', element: <ContactPage /> },
      { path: 'Events/Concours', element: <InfoPage /> },
      { path: 'privacy-policy', element: <PrivacyPolicyPage /> },
      { path: 'terms-of-service', element: <TermsOfServicePage /> },
      {
        element: <RequireLogin />,
        children: [
          { path: 'participant-profiles', element: <ContestantsPage /> },
          { path: ':id/create-participant-profile', element: <CreateContestantPage /> },
          { path: ':id/sections', element: <SectionsPage /> },
          { path: ':id/categories', element: <CategoriesPage /> },
          { path: ':participantId/categories/:categoryId/items', element: <ItemsPage /> },
          { path: 'checkout', element: <CheckoutPage /> },
          { path: 'confirmation/:id', element: <PaymentConfirmationPage /> },
          { path: 'my-profile', element: <MyProfilePage /> },
          { path: 'my-orders', element: <MyOrdersPage /> },
          { path: 'view-order/:id', element: <ViewOrderPage /> },
          { path: 'edit-profile/:id', element: <EditContestantPage /> },
          { path: 'uploads', element: <UploadsPage /> },
          { path: 'staff', element: <StaffHomePage /> },
          { path: 'staff/marking', element: <MarkingListPage /> },
          { path: 'staff/marking/:orderItemId', element: <MarkingPage /> },
          { path: 'staff/results', element: <ResultsPage /> },
          { path: 'staff/adjudicators', element: <AdjudicatorsPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

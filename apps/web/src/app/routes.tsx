import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { NotFoundPage } from '../features/common/NotFoundPage.tsx';
import { ScreenInPreparation } from '../features/common/ScreenInPreparation.tsx';
import { AppLayout } from './AppLayout.tsx';
import { RequireLogin } from './RequireLogin.tsx';

// Each screen is its own chunk, so a phone downloads only the screen it opens.
const HomePage = lazy(() => import('../features/home/HomePage.tsx'));
const InfoPage = lazy(() => import('../features/info/InfoPage.tsx'));
const RegisterPage = lazy(() => import('../features/auth/RegisterPage.tsx'));
const LoginPage = lazy(() => import('../features/auth/LoginPage.tsx'));
const VerifyPage = lazy(() => import('../features/auth/VerifyPage.tsx'));
const MyProfilePage = lazy(() => import('../features/profile/MyProfilePage.tsx'));

const pending = (title: string) => <ScreenInPreparation title={title} />;

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
      { path: 'contact', element: pending('Contact') },
      { path: 'Events/Concours', element: <InfoPage /> },
      { path: 'privacy-policy', element: pending('Privacy Policy') },
      { path: 'terms-of-service', element: pending('Terms of Service') },
      {
        element: <RequireLogin />,
        children: [
          { path: 'participant-profiles', element: pending('Contestant Profiles') },
          { path: ':id/create-participant-profile', element: pending('Add Contestant') },
          { path: ':id/sections', element: pending('Sections') },
          { path: ':id/categories', element: pending('Categories') },
          { path: ':participantId/categories/:categoryId/items', element: pending('Items') },
          { path: 'checkout', element: pending('Checkout') },
          { path: 'confirmation/:id', element: pending('Payment Success') },
          { path: 'my-profile', element: <MyProfilePage /> },
          { path: 'my-orders', element: pending('My Orders') },
          { path: 'view-order/:id', element: pending('View Order') },
          { path: 'edit-profile/:id', element: pending('Edit Contestant') },
          { path: 'uploads', element: pending('Welcome to Your Uploads Portal') },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

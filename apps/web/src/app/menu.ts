/** The two menus of spec 2 ("Menu and footer"). */
export interface MenuLink {
  label: string;
  to: string;
}

export const LOGGED_OUT_MENU: MenuLink[] = [
  { label: 'Enter Now', to: '/register' },
  { label: 'INFO', to: '/Events/Concours' },
  { label: 'Login', to: '/login' },
  { label: 'Sign Up', to: '/register' },
];

export const LOGGED_IN_MENU: MenuLink[] = [
  { label: 'Contestant Details', to: '/participant-profiles' },
  { label: 'INFO', to: '/Events/Concours' },
  { label: 'Uploads', to: '/uploads' },
  { label: 'My Profile', to: '/my-profile' },
  { label: 'My Orders', to: '/my-orders' },
  { label: 'My Cart', to: '/checkout' },
];

export const LOGGED_OUT_MESSAGE = 'You have been logged out successfully';

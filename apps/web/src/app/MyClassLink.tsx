import { NavLink } from 'react-router';
import { readStored } from '../lib/storage.ts';
import { useMemberships } from '../shared/teaching/memberships.ts';
import { teachingMenuFor } from './menu.ts';
import classes from './SiteHeader.module.css';

/**
 * 'My Class' in the header (decision 061), for an account an organiser approved to act for a
 * school. Its own chunk, loaded once signed in: the memberships' call and schemas stay out of
 * the home page's first load (bench/web-bundle).
 */
export default function MyClassLink({ onClick }: { onClick: () => void }) {
  const memberships = useMemberships(Number(readStored('customerId')));
  const hasClass = (memberships.data ?? []).some((m) => m.status === 'approved');
  return teachingMenuFor(hasClass).map((link) => (
    <NavLink
      key={link.label}
      to={link.to}
      onClick={onClick}
      className={({ isActive }) => (isActive ? `${classes.link} ${classes.active}` : classes.link)}
    >
      {link.label}
    </NavLink>
  ));
}

import { paths } from '@eisteddfod/shared';
import { Anchor, Burger, Group, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, useState } from 'react';
import { lazyInLanguage } from '../lib/i18n/lazy-in-language.ts';
import { Link, NavLink } from 'react-router';
import { AfterLoad } from '../components/AfterLoad.tsx';
import { useIsLoggedIn } from '../lib/session.ts';
import { readStored } from '../lib/storage.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { loggedInMenu, loggedOutMenu, staffMenuFor } from './menu.ts';
import classes from './SiteHeader.module.css';
import { text } from './text.ts';
import { useLogout } from './use-logout.ts';

const loadMobileMenu = () => import('./MobileMenu.tsx');
const MobileMenu = lazyInLanguage(loadMobileMenu);
const MyClassLink = lazyInLanguage(() => import('./MyClassLink.tsx'));

export function SiteHeader() {
  const loggedIn = useIsLoggedIn();
  const [opened, { toggle, close }] = useDisclosure(false);
  // The drawer's code is fetched when the burger is first pointed at, focused or used.
  const [menuWanted, setMenuWanted] = useState(false);
  const logOut = useLogout();
  const token = readStored('token');
  const links = loggedIn ? [...loggedInMenu(), ...staffMenuFor(token)] : loggedOutMenu();
  // A member of staff has no classes: only a family account asks for its memberships.
  const family = loggedIn && staffMenuFor(token).length === 0;

  function logout() {
    close();
    logOut();
  }

  const items = (
    <>
      {links.map((link) =>
        link.invitation ? (
          <Link key={link.label} to={link.to} onClick={close} className={classes.link}>
            {link.label}
          </Link>
        ) : (
          <NavLink
            key={link.label}
            to={link.to}
            onClick={close}
            className={({ isActive }) =>
              isActive ? `${classes.link} ${classes.active}` : classes.link
            }
          >
            {link.label}
          </NavLink>
        ),
      )}
      {/* After the screen: its chunk evaluates the memberships' schemas (decision 062). */}
      {family && (
        <AfterLoad>
          <Suspense fallback={null}>
            <MyClassLink onClick={close} />
          </Suspense>
        </AfterLoad>
      )}
      {/* Drawn as the links are: a Mantine Button's smaller type made Logout look lesser. */}
      {loggedIn && (
        <UnstyledButton onClick={logout} className={`${classes.link} ${classes.logout}`}>
          {text('logout')}
        </UnstyledButton>
      )}
    </>
  );

  return (
    <header className={classes.header}>
      <Group justify="space-between" h="100%" px="md" wrap="nowrap">
        <Anchor component={Link} to={paths.home.href()} underline="never" className={classes.brand}>
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <Text span fw={700} size="lg">
            {text('siteName')}
          </Text>
        </Anchor>
        <nav aria-label={text('mainMenu')} className={classes.desktopNav}>
          {items}
        </nav>
        <Group gap={0} wrap="nowrap">
          <LanguageSwitch />
          <Burger
            opened={opened}
            onClick={() => {
              setMenuWanted(true);
              toggle();
            }}
            onPointerEnter={() => void loadMobileMenu()}
            onFocus={() => void loadMobileMenu()}
            hiddenFrom="md"
            aria-label={text(opened ? 'closeMenu' : 'openMenu')}
          />
        </Group>
      </Group>
      {menuWanted && (
        <Suspense fallback={null}>
          <MobileMenu opened={opened} onClose={close}>
            {items}
          </MobileMenu>
        </Suspense>
      )}
    </header>
  );
}

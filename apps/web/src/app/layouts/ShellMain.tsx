import { AppShell } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { LiveRegion } from '../../components/a11y/LiveRegion';
import { MAIN_CONTENT_ID } from '../../components/a11y/SkipLink';
import { SiteNotices } from '../../components/notices/SiteNotices';
import { SiteFooter } from '../../components/SiteFooter';
import './ShellMain.css';

/**
 * The customer and admin areas' content below their header and beside their navigation: the
 * main landmark (the skip link's target), the footer after it, and the polite live region.
 * `covered`: the phone's open navigation lies over them, so neither keys nor a screen reader
 * should reach them; the live region stays outside, still heard.
 */
export function ShellMain({ covered = false }: { covered?: boolean }) {
  return (
    <>
      <div className="fp-shell-page" inert={covered}>
        <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} className="fp-shell-main">
          <SiteNotices />
          <Outlet />
        </AppShell.Main>
        <SiteFooter link={Link} className="fp-shell-footer" />
      </div>
      <LiveRegion />
    </>
  );
}

import { Outlet } from 'react-router';
import { PublicFrame } from '../../components/PublicFrame';

/** The portal's auth and public pages (sign-up, password reset, public quote...) in the public frame. */
export function PublicLayout({ wide = false }: { wide?: boolean }) {
  return (
    <PublicFrame wide={wide}>
      <Outlet />
    </PublicFrame>
  );
}

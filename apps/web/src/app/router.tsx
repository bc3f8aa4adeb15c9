import { GUEST_PAGES, guestPageFile } from '@freight/domain';
import { createBrowserRouter, type RouteObject, redirectDocument } from 'react-router';
import { NotFound } from '../components/NotFound';
import { RouteError } from '../components/RouteError';
import { adminRoutes } from './adminRoutes';
import { customerRoutes } from './customerRoutes';
import { PageLoading, RequireAuth, RequireCustomerAccount, RequireTeamPermission } from './guards';
import { PublicLayout } from './layouts/PublicLayout';
import { RootLayout } from './RootLayout';
import { firstVisitScreen, screen } from './screens';

/**
 * A link or redirect to a guest page (a guard's 'log in first', the logout, 'back to login') loads
 * it as a document: the server answers it with the guest page's own. A guest page's URL reaching this
 * router on the first load means the server sent the portal instead; an error, not a reload loop.
 */
const guestPageRoutes: RouteObject[] = GUEST_PAGES.map((page) => ({
  path: page,
  loader: ({ request }) => {
    if (window.location.pathname === page) throw new Error(`${page} needs its own page (${guestPageFile(page)})`);
    return redirectDocument(`${page}${new URL(request.url).search}`);
  },
}));

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    HydrateFallback: PageLoading,
    children: [
      ...guestPageRoutes,
      {
        element: <PublicLayout />,
        children: [
          { path: 'register', ...firstVisitScreen(() => import('../features/auth/routes/SignupRoute').then((m) => m.SignupRoute)) },
          { path: 'signup', ...firstVisitScreen(() => import('../features/auth/routes/SignupRoute').then((m) => m.SignupRoute)) },
          {
            path: 'forgot-password',
            ...firstVisitScreen(() => import('../features/auth/routes/ForgotPasswordRoute').then((m) => m.ForgotPasswordRoute)),
          },
          {
            path: 'reset-password/:token',
            ...firstVisitScreen(() => import('../features/auth/routes/ResetPasswordRoute').then((m) => m.ResetPasswordRoute)),
          },
          {
            path: 'email-verified',
            ...firstVisitScreen(() => import('../features/auth/routes/EmailVerifiedRoute').then((m) => m.EmailVerifiedRoute)),
          },
          {
            path: 'accessibility',
            ...screen(
              () => import('../features/accessibility/routes/AccessibilityStatementRoute').then((m) => m.AccessibilityStatementRoute),
              ['accessibility'],
            ),
          },
          // An invitation's mailed link: the invitee sets their password and joins the team.
          {
            path: 'invitation/:token',
            ...screen(() => import('../features/team/routes/InvitationRoute').then((m) => m.InvitationRoute), ['team']),
          },
          {
            path: 'truckload-confirmation/:token?',
            ...screen(
              () => import('../features/public/routes/TruckloadConfirmationRoute').then((m) => m.TruckloadConfirmationRoute),
              ['public', 'quotes'],
            ),
          },
          // The Analytics report mail's "Stop this report" link: no sign-in, the token is the credential.
          {
            path: 'analytics-report/unsubscribe/:token?',
            ...screen(
              () => import('../features/settings/routes/ReportMailUnsubscribeRoute').then((m) => m.ReportMailUnsubscribeRoute),
              ['settings'],
            ),
          },
        ],
      },
      // The public quote's form and rates need the width of the portal's pages.
      {
        element: <PublicLayout wide />,
        children: [
          {
            path: 'public-quote',
            ...screen(
              () => import('../features/public/routes/PublicQuoteRoute').then((m) => m.PublicQuoteRoute),
              ['approvals', 'automation-rules', 'public', 'quotes'],
            ),
          },
        ],
      },
      {
        element: <RequireAuth allowUnverified />,
        children: [
          {
            element: <PublicLayout />,
            children: [
              {
                path: 'verify-email',
                ...firstVisitScreen(() => import('../features/auth/routes/VerifyEmailRoute').then((m) => m.VerifyEmailRoute)),
              },
              { path: 'no-access', ...screen(() => import('./NoAccessRoute').then((m) => m.NoAccessRoute), []) },
              {
                path: 'confirm-password',
                ...firstVisitScreen(() => import('../features/auth/routes/ConfirmPasswordRoute').then((m) => m.ConfirmPasswordRoute)),
              },
            ],
          },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            path: 'admin',
            ...screen(() => import('./layouts/AdminLayout').then((m) => m.AdminLayout), ['admin/support']),
            children: adminRoutes,
          },
          {
            element: <RequireCustomerAccount />,
            children: [
              {
                ...screen(() => import('./layouts/CustomerLayout').then((m) => m.CustomerLayout), ['alerts', 'approvals', 'support']),
                // Pages the user's team role does not open show a notice instead.
                children: [{ element: <RequireTeamPermission />, children: customerRoutes }],
              },
            ],
          },
        ],
      },
      // Unknown pages are shown in the public frame: they belong to no area, and guests see them too.
      { element: <PublicLayout />, children: [{ path: '*', element: <NotFound /> }] },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);

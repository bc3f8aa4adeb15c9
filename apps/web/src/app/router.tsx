import { ADMIN_PAGE_KEYS, ADMIN_PAGES, type AdminPageKey } from '@freight/domain';
import type { ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { NotFound } from '../components/NotFound';
import { RouteError } from '../components/RouteError';
import { AddressBookRoute } from '../features/addresses/routes';
import { AccountDetailRoute } from '../features/admin/routes/AccountDetailRoute';
import { AccountsRoute } from '../features/admin/routes/AccountsRoute';
import { AuditLogRoute } from '../features/admin/routes/AuditLogRoute';
import { CarrierDetailRoute } from '../features/admin/routes/carriers/CarrierDetailRoute';
import { CarriersRoute } from '../features/admin/routes/carriers/CarriersRoute';
import { DashboardRoute } from '../features/admin/routes/DashboardRoute';
import { EquipmentTypesRoute } from '../features/admin/routes/EquipmentTypesRoute';
import { IncidentDetailRoute } from '../features/admin/routes/incidents/IncidentDetailRoute';
import { IncidentsRoute } from '../features/admin/routes/incidents/IncidentsRoute';
import { IntegrationPartnersRoute } from '../features/admin/routes/integrations/IntegrationPartnersRoute';
import { IntegrationsRoute } from '../features/admin/routes/integrations/IntegrationsRoute';
import { OAuthCredentialsRoute } from '../features/admin/routes/integrations/OAuthCredentialsRoute';
import { PartnerDetailRoute } from '../features/admin/routes/integrations/PartnerDetailRoute';
import { NotificationEditRoute } from '../features/admin/routes/notifications/NotificationEditRoute';
import { NotificationsRoute } from '../features/admin/routes/notifications/NotificationsRoute';
import { PartCatalogRoute } from '../features/admin/routes/PartCatalogRoute';
import { RolesRoute } from '../features/admin/routes/RolesRoute';
import { ShipmentDetailRoute } from '../features/admin/routes/ShipmentDetailRoute';
import { ShipmentsRoute } from '../features/admin/routes/ShipmentsRoute';
import { SupportInboxRoute } from '../features/admin/routes/SupportInboxRoute';
import { ScacAliasesRoute } from '../features/admin/routes/scac-aliases/ScacAliasesRoute';
import { ConfirmPasswordRoute } from '../features/auth/routes/ConfirmPasswordRoute';
import { EmailVerifiedRoute } from '../features/auth/routes/EmailVerifiedRoute';
import { ForgotPasswordRoute } from '../features/auth/routes/ForgotPasswordRoute';
import { LoginRoute } from '../features/auth/routes/LoginRoute';
import { ResetPasswordRoute } from '../features/auth/routes/ResetPasswordRoute';
import { SignupRoute } from '../features/auth/routes/SignupRoute';
import { VerifyEmailRoute } from '../features/auth/routes/VerifyEmailRoute';
import { ProductCatalogRoute } from '../features/catalog/routes';
import { EbayOrdersRoute } from '../features/ebay/routes';
import { InvoiceDetailRoute, InvoiceHistoryRoute, InvoicesLayout, OpenInvoicesRoute } from '../features/invoices/routes';
import { PublicQuoteRoute, PublicTrackingRoute, TruckloadConfirmationRoute } from '../features/public/routes/PublicPages';
import {
  InternationalRoute,
  LtlParcelRoute,
  QuoteHistoryRoute,
  QuoteRoute,
  QuoteShipmentRoute,
  SavedQuoteRoute,
  SavedQuotesRoute,
  TruckloadRoute,
} from '../features/quotes/routes';
import { EbayQuoteRoute, EbayShipmentRoute } from '../features/quotes/routes/EbayOrderQuoteRoutes';
import { AccountSettingsRoute } from '../features/settings/routes/AccountSettingsRoute';
import { ApiSettingsRoute } from '../features/settings/routes/ApiSettingsRoute';
import { SettingsLayout } from '../features/settings/routes/SettingsLayout';
import { UserSettingsRoute } from '../features/settings/routes/UserSettingsRoute';
import { MyShipmentsRoute } from '../features/shipments/routes';
import { SupportRoute } from '../features/support/routes';
import { TrackDetailRoute, TrackRoute } from '../features/tracking/routes';
import { VideoTutorialsRoute } from '../features/tutorials/routes';
import { AdminDoor } from './adminDoor';
import { RequireAuth } from './guards';
import { AdminLayout } from './layouts/AdminLayout';
import { CustomerLayout } from './layouts/CustomerLayout';
import { PublicLayout } from './layouts/PublicLayout';
import { RootLayout } from './RootLayout';

/** Every admin page's screen (the type asks for one per page of the spec's table). */
const ADMIN_SCREENS: Record<AdminPageKey, ReactNode> = {
  dashboard: <DashboardRoute />,
  accounts: <AccountsRoute />,
  roles: <RolesRoute />,
  shipments: <ShipmentsRoute />,
  auditLog: <AuditLogRoute />,
  notifications: <NotificationsRoute />,
  support: <SupportInboxRoute />,
  carriers: <CarriersRoute />,
  partCatalog: <PartCatalogRoute />,
  incidents: <IncidentsRoute />,
  scacAliases: <ScacAliasesRoute />,
  truckloadEquipment: <EquipmentTypesRoute />,
  integrationPartners: <IntegrationPartnersRoute />,
  integrations: <IntegrationsRoute />,
  oauth: <OAuthCredentialsRoute />,
};

const door = (page: AdminPageKey, element: ReactNode) => <AdminDoor page={page}>{element}</AdminDoor>;

/** Child routes (detail and editor pages) that open through the door of their list page. */
const ADMIN_CHILDREN: { path: string; page: AdminPageKey; element: ReactNode }[] = [
  { path: 'accounts/:id', page: 'accounts', element: <AccountDetailRoute /> },
  { path: 'carriers/:id', page: 'carriers', element: <CarrierDetailRoute /> },
  { path: 'integration-partners/:id', page: 'integrationPartners', element: <PartnerDetailRoute /> },
  { path: 'incidents/:id', page: 'incidents', element: <IncidentDetailRoute /> },
  { path: 'shipments/:id', page: 'shipments', element: <ShipmentDetailRoute /> },
  { path: 'notifications/new', page: 'notifications', element: <NotificationEditRoute /> },
  { path: 'notifications/edit/:id', page: 'notifications', element: <NotificationEditRoute /> },
];

const adminRoutes: RouteObject[] = [
  { index: true, element: <Navigate replace to="dashboard" /> },
  ...ADMIN_PAGE_KEYS.map((k) => ({ path: ADMIN_PAGES[k].path, element: door(k, ADMIN_SCREENS[k]) })),
  ...ADMIN_CHILDREN.map((c) => ({ path: c.path, element: door(c.page, c.element) })),
  { path: '*', element: <NotFound /> },
];

const customerRoutes: RouteObject[] = [
  { index: true, element: <QuoteRoute /> },
  { path: ':clientrefnum', element: <QuoteRoute /> },
  { path: ':clientrefnum/q', element: <QuoteRoute /> },
  { path: 'quote', element: <LtlParcelRoute /> },
  { path: 'quote/:id/:return?', element: <SavedQuoteRoute /> },
  { path: 'quote-shipment', element: <QuoteShipmentRoute /> },
  { path: 'quote-shipment/international', element: <InternationalRoute /> },
  { path: 'quote-shipment/:id/:return?', element: <QuoteShipmentRoute /> },
  { path: 'ebay-quote/:ebayId', element: <EbayQuoteRoute /> },
  { path: 'quote-ebay-shipment/:ebayId', element: <EbayShipmentRoute /> },
  { path: 'orders/ebay', element: <EbayOrdersRoute /> },
  { path: 'product-catalog', element: <ProductCatalogRoute /> },
  {
    path: 'settings',
    element: <SettingsLayout />,
    children: [
      { index: true, element: <UserSettingsRoute /> },
      { path: 'account', element: <AccountSettingsRoute /> },
      { path: 'api', element: <ApiSettingsRoute /> },
    ],
  },
  { path: 'truckload', element: <TruckloadRoute /> },
  { path: 'truckload/:id/:return?', element: <TruckloadRoute /> },
  { path: 'quote-history', element: <QuoteHistoryRoute /> },
  { path: 'saved-quotes', element: <SavedQuotesRoute /> },
  { path: 'track', element: <TrackRoute /> },
  { path: 'track/detail/:loadId', element: <TrackDetailRoute /> },
  { path: 'my-shipments', element: <MyShipmentsRoute /> },
  { path: 'address-book', element: <AddressBookRoute /> },
  {
    path: 'my-invoices',
    element: <InvoicesLayout />,
    children: [
      { index: true, element: <OpenInvoicesRoute /> },
      { path: 'history', element: <InvoiceHistoryRoute /> },
    ],
  },
  { path: 'invoice-detail/:id', element: <InvoiceDetailRoute /> },
  { path: 'video-tutorials', element: <VideoTutorialsRoute /> },
  { path: 'support', element: <SupportRoute /> },
  { path: 'support/:id', element: <SupportRoute /> },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: 'login', element: <LoginRoute /> },
          { path: 'register', element: <SignupRoute /> },
          { path: 'signup', element: <SignupRoute /> },
          { path: 'forgot-password', element: <ForgotPasswordRoute /> },
          { path: 'reset-password/:token', element: <ResetPasswordRoute /> },
          { path: 'email-verified', element: <EmailVerifiedRoute /> },
          { path: 'track-shipment', element: <PublicTrackingRoute /> },
          { path: 'truckload-confirmation/:token?', element: <TruckloadConfirmationRoute /> },
        ],
      },
      // The public quote's form and rates need the width of the portal's pages.
      { element: <PublicLayout wide />, children: [{ path: 'public-quote', element: <PublicQuoteRoute /> }] },
      {
        element: <RequireAuth allowUnverified />,
        children: [
          {
            element: <PublicLayout />,
            children: [
              { path: 'verify-email', element: <VerifyEmailRoute /> },
              { path: 'confirm-password', element: <ConfirmPasswordRoute /> },
            ],
          },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          { path: 'admin', element: <AdminLayout />, children: adminRoutes },
          { element: <CustomerLayout />, children: customerRoutes },
        ],
      },
      // Unknown pages are shown in the public frame: they belong to no area, and guests see them too.
      { element: <PublicLayout />, children: [{ path: '*', element: <NotFound /> }] },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);

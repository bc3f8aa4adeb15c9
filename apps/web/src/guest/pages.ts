import type { GuestPage } from '@freight/domain';
import type { ComponentType } from 'react';
import { LoginPage } from '../features/auth/LoginPage';
import { PublicTrackingPage } from '../features/public/tracking/PublicTrackingPage';

/**
 * Every guest page's screen, for the build's prerendering and the tests. Not for the entries
 * (guest/<page>.tsx): each imports its own screen only, so a visit downloads no other page.
 */
export const GUEST_PAGE_SCREENS: Record<GuestPage, ComponentType> = { '/login': LoginPage, '/track-shipment': PublicTrackingPage };

// The entry of login.html.
import { LoginPage } from '../features/auth/LoginPage';
import { mountGuestPage } from './mountGuestPage';

mountGuestPage(LoginPage);

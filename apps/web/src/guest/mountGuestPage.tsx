// Each guest page is an entry of its own (<page>.html): a stranger's first visit downloads only it.
import '../globalStyles';
import type { ComponentType } from 'react';
import { mount } from '../mount';
import { GuestApp } from './GuestApp';

export const mountGuestPage = (page: ComponentType) => mount(<GuestApp page={page} />);

import { walkAsSignedIn } from './test/fuzz-walk';

/** The hostile-input walk (test/fuzz-walk.ts) as a signed-in super_admin, who passes every staff door. */
walkAsSignedIn('super_admin', 'super@demo.test');

import { walkAsSignedIn } from './test/fuzz-walk';

/** The hostile-input walk (test/fuzz-walk.ts) as a signed-in shipper. */
walkAsSignedIn('shipper', 'shipper@demo.test');

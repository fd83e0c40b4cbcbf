import { getListAnnouncementsRef } from './call-refs/notices.ts';
import {
  getBrandConfigRef,
  getDomainRouteRef,
  getHelpCenterRef,
  getRegisterSettingRef,
  getSystemStatusRef,
  getWhitelabelRef,
} from './call-refs/system.ts';

/** Calls the shell makes from the entry chunk (see call-ref.ts for why these are refs). */
export { getBrandConfigRef as brandConfigCall };

export { getSystemStatusRef as systemStatusCall };

export { getWhitelabelRef as whitelabelCall };

export { getRegisterSettingRef as registerSettingCall };

export { getHelpCenterRef as helpCenterCall };

export { getDomainRouteRef as domainRouteCall };

export { getListAnnouncementsRef as announcementsCall };

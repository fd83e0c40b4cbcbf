import type {
  getBrandConfig,
  getDomainRoute,
  getHelpCenter,
  getListAnnouncements,
  getRegisterSetting,
  getSystemStatus,
  getWhitelabel,
} from '@app/contract';
import { callRef } from './call-ref.ts';

/** Calls the shell makes from the entry chunk (see call-ref.ts for why these are refs). */
export const brandConfigCall = callRef<typeof getBrandConfig>({
  id: 'getBrandConfig',
  method: 'GET',
  path: '/config/brand.json',
  wire: 'bare',
  token: false,
  encrypted: false,
});

export const systemStatusCall = callRef<typeof getSystemStatus>({
  id: 'getSystemStatus',
  method: 'GET',
  path: '/wps/system/status',
  wire: 'envelope',
  token: false,
  encrypted: false,
});

export const whitelabelCall = callRef<typeof getWhitelabel>({
  id: 'getWhitelabel',
  method: 'GET',
  path: '/wps/system/whitelabel',
  wire: 'envelope',
  token: false,
  encrypted: false,
});

export const registerSettingCall = callRef<typeof getRegisterSetting>({
  id: 'getRegisterSetting',
  method: 'GET',
  path: '/wps/system/setting/register',
  wire: 'envelope',
  token: false,
  encrypted: false,
});

export const helpCenterCall = callRef<typeof getHelpCenter>({
  id: 'getHelpCenter',
  method: 'GET',
  path: '/wps/system/helpCenter',
  wire: 'envelope',
  token: false,
  encrypted: false,
});

export const domainRouteCall = callRef<typeof getDomainRoute>({
  id: 'getDomainRoute',
  method: 'GET',
  path: '/wps/system/domainRoute',
  wire: 'envelope',
  token: false,
  encrypted: false,
});

export const announcementsCall = callRef<typeof getListAnnouncements>({
  id: 'getListAnnouncements',
  method: 'GET',
  path: '/wps/relay/MCSFE_getListAnnouncements',
  wire: 'envelope',
  token: false,
  encrypted: false,
});

/**
 * Reference data: what a working site needs on its first start, production included, seeded on
 * every empty database (seed.ts, seedReferenceData). Operators change it afterwards (switches,
 * status) through the ops CLI. Deterministic; demo content is in demo-content.ts.
 */
import { FeatureSwitch } from '@app/contract';
import { ART_ROOT as IMG } from '../modules/cdn/art-root.ts';

/**
 * The feature switches, parents first: every service asks them and an unknown one is off (no
 * registration, no login), and migrations add new switches only to a database that has this tree.
 */
export const referenceSwitches: { modId: string; parent: string | null; enabled: boolean; label: string }[] =
  [
    { modId: 'REGISTER3', parent: null, enabled: true, label: 'Registration' },
    {
      modId: FeatureSwitch.directRegister,
      parent: 'REGISTER3',
      enabled: true,
      label: 'Direct registration (header register button)',
    },
    {
      modId: FeatureSwitch.usernameRegister,
      parent: 'REGISTER3',
      enabled: true,
      label: 'Register by username',
    },
    {
      modId: FeatureSwitch.mobileRegister,
      parent: 'REGISTER3',
      enabled: true,
      label: 'Register by mobile number',
    },
    {
      modId: FeatureSwitch.mobileRegisterWithPassword,
      parent: 'REGISTER3',
      enabled: true,
      label: 'Mobile register asks for a password',
    },
    {
      modId: FeatureSwitch.smsVerifyOnRegister,
      parent: 'REGISTER3',
      enabled: false,
      label: 'SMS verification on register',
    },
    {
      modId: FeatureSwitch.registerCaptcha,
      parent: 'REGISTER3',
      enabled: true,
      label: 'Image captcha on register',
    },
    { modId: 'LOGIN3', parent: null, enabled: true, label: 'Login' },
    {
      modId: FeatureSwitch.smsLogin,
      parent: 'LOGIN3',
      enabled: true,
      label: 'Mobile verification-code login',
    },
    {
      modId: FeatureSwitch.mobileLogin,
      parent: 'LOGIN3',
      enabled: true,
      label: 'Login with mobile number and password',
    },
    { modId: FeatureSwitch.freePlay, parent: 'LOGIN3', enabled: true, label: 'Free play (guest trial)' },
    {
      modId: FeatureSwitch.challengeLogin,
      parent: 'LOGIN3',
      enabled: false,
      label: 'Slider challenge on login and register',
    },
    {
      modId: FeatureSwitch.challengeSms,
      parent: 'LOGIN3',
      enabled: false,
      label: 'Slider challenge before SMS',
    },
    {
      modId: FeatureSwitch.loginIpVerification,
      parent: 'LOGIN3',
      enabled: false,
      label: 'Second factor from a new IP',
    },
    {
      modId: FeatureSwitch.phoneCodeProvider,
      parent: 'LOGIN3',
      enabled: false,
      label: 'Phone-code provider for phone numbers',
    },
    { modId: 'SECURITY3', parent: null, enabled: true, label: 'Security' },
    {
      modId: FeatureSwitch.passwordExpiryChange,
      parent: 'SECURITY3',
      enabled: true,
      label: 'Force change of an expired password',
    },
    {
      modId: FeatureSwitch.forgotPasswordByPhone,
      parent: 'SECURITY3',
      enabled: true,
      label: 'Forgot password by mobile',
    },
    { modId: 'PROMOTION3', parent: null, enabled: true, label: 'Promotions' },
    {
      modId: FeatureSwitch.referral,
      parent: 'PROMOTION3',
      enabled: true,
      label: 'Referral (invite friends)',
    },
    // Modules the original client shows or hides by switch (decision 014). Off: those not built yet,
    // so a client never offers a page whose calls would fail; their issues turn them on.
    { modId: 'SITE3', parent: null, enabled: true, label: 'Site modules' },
    { modId: FeatureSwitch.homePage, parent: 'SITE3', enabled: true, label: 'Home page' },
    { modId: FeatureSwitch.inbox, parent: 'SITE3', enabled: true, label: 'Platform messages (inbox)' },
    { modId: FeatureSwitch.chat, parent: 'SITE3', enabled: false, label: 'Live chat rooms' },
    { modId: FeatureSwitch.rewardCentre, parent: 'SITE3', enabled: false, label: 'Reward centre' },
    { modId: FeatureSwitch.pointsSystem, parent: 'SITE3', enabled: false, label: 'Points system' },
    { modId: FeatureSwitch.paymentPassword, parent: 'SITE3', enabled: false, label: 'Payment password' },
    { modId: FeatureSwitch.myRebate, parent: 'SITE3', enabled: false, label: 'My rebate' },
    // The agent centre (issue 29; research agent-contracts §1.2, §7): its pages and the register
    // centre's tabs on, the link URL formats off (the code is the first host label), the lucky bag
    // off until an operator offers it. Migrations 029, 031 and 032 add these to older databases.
    { modId: 'AGEPAG', parent: 'SITE3', enabled: true, label: 'Agent centre: overview' },
    { modId: 'TEAMBETTING3', parent: 'SITE3', enabled: true, label: 'Agent centre: team betting' },
    { modId: 'AGETEAMPNL3', parent: 'SITE3', enabled: true, label: 'Agent centre: user profit and loss' },
    {
      modId: 'AGENTRANSMULTDOWN3',
      parent: 'SITE3',
      enabled: false,
      label: 'Agent lucky bag to several direct downlines',
    },
    { modId: 'REGCEN', parent: null, enabled: true, label: 'Agent centre: register centre (Account page)' },
    { modId: 'AGEREGDOWN3', parent: 'REGCEN', enabled: true, label: 'Agents register downlines' },
    { modId: 'CREATEAFF3', parent: 'REGCEN', enabled: true, label: 'Agents create registration links' },
    { modId: 'AFFMAN3', parent: 'REGCEN', enabled: true, label: 'Agents manage their registration links' },
    {
      modId: 'SUFAFFCODE3',
      parent: 'REGCEN',
      enabled: false,
      label: 'Registration link URL: code as ?affiliateCode=',
    },
    {
      modId: 'SIMPLIFIEDURL3',
      parent: 'REGCEN',
      enabled: false,
      label: 'Registration link URL: code as ?r=',
    },
    {
      modId: 'AFFURLEXT3',
      parent: 'REGCEN',
      enabled: false,
      label: 'Registration link URL: /register.html appended',
    },
  ];

/** The registration form's fields (without them it has none): field, enabled, required, patternId, min, max. */
export const referenceRegisterRules: [string, boolean, boolean, number, number, number][] = [
  ['username', true, true, 1, 6, 16],
  ['password', true, true, 5, 6, 20],
  ['mobileNum', true, false, 6, 6, 15],
  ['email', true, false, 3, 6, 60],
  ['payeeName', true, false, 21, 3, 40],
  ['paymentPassword', false, false, 6, 6, 6],
  ['qqNum', false, false, 6, 5, 12],
  ['line', false, false, 9, 3, 30],
  ['whatsapp', false, false, 6, 6, 15],
  ['facebook', false, false, 9, 3, 50],
  ['wechat', false, false, 9, 3, 30],
  ['idNumber', false, false, 14, 6, 20],
  ['recommenderId', false, false, 4, 4, 20],
  ['affiliateCode', true, false, 4, 4, 20],
  ['referralCode', true, false, 4, 4, 20],
  ['captcha', true, true, 6, 4, 4],
  ['verificationCode', true, true, 6, 6, 6],
];

/** The dialing codes and number lengths that mobile registration, login and SMS check a number against. */
export const referenceCountries: { code: string; dial: string; name: string; lengths: number[] }[] = [
  { code: 'VN', dial: '84', name: 'Vietnam', lengths: [9, 10] },
  { code: 'TH', dial: '66', name: 'Thailand', lengths: [9] },
  { code: 'MM', dial: '95', name: 'Myanmar', lengths: [8, 9, 10] },
  { code: 'MY', dial: '60', name: 'Malaysia', lengths: [9, 10] },
  { code: 'PH', dial: '63', name: 'Philippines', lengths: [10] },
  { code: 'ID', dial: '62', name: 'Indonesia', lengths: [9, 10, 11, 12] },
  { code: 'KH', dial: '855', name: 'Cambodia', lengths: [8, 9] },
  { code: 'CN', dial: '86', name: 'China', lengths: [11] },
  { code: 'JP', dial: '81', name: 'Japan', lengths: [10] },
  { code: 'BR', dial: '55', name: 'Brazil', lengths: [10, 11] },
];

/**
 * The operator's settings as a new site starts: open (no maintenance, no blocked country), images
 * and game launches from the platform's own hosts (modules/cdn), no analytics, the one web
 * template. The services have the same defaults, but the ops CLI's status commands and a reader of
 * the table start from these rows.
 */
export const referenceSettings: { key: string; value: unknown }[] = [
  { key: 'status', value: { maintenance: false, maintenanceUntil: null, blockedCountries: [] } },
  {
    key: 'cdn',
    value: { imageCDNs: ['/cdn/img1', '/cdn/img2'], launchGameCDNs: ['/cdn/launch1', '/cdn/launch2'] },
  },
  { key: 'analytics', value: { gtagId: '' } },
  // The front-end template the original's /wps/system/templates names (decision 014).
  { key: 'template', value: { templateId: 'WEB1' } },
];

/**
 * The brand's logo, the platform's own art: the header shows it on every page (without it, the
 * brand name as text). The other resources are demo content (demo-content.ts).
 */
export const referenceResources = [
  { name: 'logo', type: 'LOGO', url: '/', qr: '', label: 'Lucky Lotus', image: `${IMG}/LOGO/logo.png` },
];

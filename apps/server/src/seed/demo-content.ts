/**
 * Demo content, seeded on an empty database only when asked (SEED_DEMO=1, `npm start`; seed.ts):
 * deterministic, so every fresh demo start looks the same. Image URLs point at the platform's own
 * art, served under the spec's CDN path patterns (modules/cdn); the first image host stands for
 * "{CDN}". What every site needs, demo or not, is in reference-data.ts.
 */
import { ART_ROOT as IMG } from '../modules/cdn/art-root.ts';

/**
 * The site's resources other than its logo (reference-data.ts): social accounts, app downloads,
 * payment and partner logos name accounts, files and partners an operator sets up, so a site
 * without them shows none (the footer and the download page list what there is).
 */
export const demoResources: {
  name: string;
  type: string;
  url: string;
  qr: string;
  label: string;
  image: string;
}[] = [
  {
    name: 'telegram',
    type: 'SOCIAL',
    url: 'https://t.me/luckylotus_official',
    qr: '',
    label: 'Telegram',
    image: `${IMG}/SOCIAL/telegram.png`,
  },
  {
    name: 'facebook',
    type: 'SOCIAL',
    url: 'https://www.facebook.com/luckylotus',
    qr: '',
    label: 'Facebook',
    image: `${IMG}/SOCIAL/facebook.png`,
  },
  {
    name: 'youtube',
    type: 'SOCIAL',
    url: 'https://www.youtube.com/@luckylotus',
    qr: '',
    label: 'YouTube',
    image: `${IMG}/SOCIAL/youtube.png`,
  },
  {
    name: 'zalo',
    type: 'SOCIAL',
    url: 'https://zalo.me/luckylotus',
    qr: '',
    label: 'Zalo',
    image: `${IMG}/SOCIAL/zalo.png`,
  },
  {
    name: 'appIos',
    type: 'APP_IOS',
    url: '/download/lucky-lotus.ipa',
    qr: `${IMG}/QR/appIos.png`,
    label: 'iOS app',
    image: `${IMG}/APP/ios.png`,
  },
  {
    name: 'appAndroid',
    type: 'APP_ANDROID',
    url: '/download/lucky-lotus.apk',
    qr: `${IMG}/QR/appAndroid.png`,
    label: 'Android app',
    image: `${IMG}/APP/android.png`,
  },
  ...['VISA', 'MASTERCARD', 'USDT', 'MOMO', 'ZALOPAY', 'VIETQR', 'PROMPTPAY', 'BANK'].map((code, i) => ({
    name: `pay${code}`,
    type: 'PAYMENT',
    url: '',
    qr: '',
    label: code === 'BANK' ? 'Bank transfer' : code.charAt(0) + code.slice(1).toLowerCase(),
    image: `${IMG}/PAYMENT/${code}.png`,
    sort: i,
  })),
  ...[
    ['SV3', 'SABA', 'Saba Sports'],
    ['N2', 'EVO', 'Evolution'],
    ['N2', 'SEXY', 'Sexy Baccarat'],
    ['RNG', 'PG', 'PG Soft'],
    ['RNG', 'JILI', 'JILI'],
    ['RNG', 'PP', 'Pragmatic Play'],
    ['RNG', 'CQ9', 'CQ9'],
    ['RNG', 'BGS', 'BGaming'],
    ['SV3', 'DS88', 'DS88 Sabong'],
    ['RNG', 'KM', 'Kingmaker'],
  ].map(([folder, vassalage, label]) => ({
    name: `partner${vassalage}`,
    type: 'PARTNER',
    url: '',
    qr: '',
    label: label!,
    image: `${IMG}/PARTNER/${folder}/${vassalage}.png`,
  })),
];

export const demoCustomerService = [
  { csType: 1, name: 'Live chat', path: '/help?topic=contact' },
  { csType: 2, name: 'Telegram support', path: 'https://t.me/luckylotus_support' },
  // Type 3: the customer-service popup's address, sent encrypted by getService (decision 043).
  { csType: 3, name: 'Online service', path: '/helpmc?topic=contact' },
];

export const demoDomains = ['www.luckylotus.example', 'm.luckylotus.example', 'backup.luckylotus.example'];

export const demoHelp: { id: string; cat: string; catTitle: string; title: string; html: string }[] = [
  {
    id: 'about',
    cat: 'general',
    catTitle: 'About us',
    title: 'About Lucky Lotus',
    html: '<h3>About Lucky Lotus</h3><p>Lucky Lotus is a licensed gaming and lottery platform serving players across South-East Asia since 2019. We offer lottery draws every few minutes, live casino, slots, fishing, sports and e-sports.</p><p>Every draw result and every transaction is recorded and can be checked in your member centre.</p>',
  },
  {
    id: 'contact',
    cat: 'general',
    catTitle: 'About us',
    title: 'Contact us',
    html: '<h3>Contact us</h3><p>Our support team answers around the clock.</p><ul><li>Live chat: the headset button on the right of every page</li><li>Telegram: @luckylotus_support</li><li>E-mail: support@luckylotus.example</li></ul>',
  },
  {
    id: 'terms',
    cat: 'rules',
    catTitle: 'Rules and terms',
    title: 'Terms and conditions',
    html: '<h3>Terms and conditions</h3><ol><li>You must be at least 18 years old to open an account.</li><li>One account per person, household, device and IP address.</li><li>Deposits and withdrawals must use payment methods in your own name.</li><li>Bets are final once accepted; results are settled from the official draw.</li><li>We may close accounts that abuse promotions or the platform.</li></ol>',
  },
  {
    id: 'responsible',
    cat: 'rules',
    catTitle: 'Rules and terms',
    title: 'Responsible gaming',
    html: '<h3>Responsible gaming</h3><p>Play for fun, never to pay debts. Set a budget before you play and take regular breaks. If gaming stops being fun, contact support to set limits or close your account.</p>',
  },
  {
    id: 'privacy',
    cat: 'rules',
    catTitle: 'Rules and terms',
    title: 'Privacy policy',
    html: '<h3>Privacy policy</h3><p>We keep your personal data only to run your account, pay your winnings and meet legal duties. Passwords are stored as one-way hashes; we never ask for your password by phone or chat.</p>',
  },
  {
    id: 'deposit',
    cat: 'banking',
    catTitle: 'Deposits and withdrawals',
    title: 'How to deposit',
    html: '<h3>How to deposit</h3><ol><li>Log in and press <b>Deposit</b> in the top bar.</li><li>Choose a payment method and an amount.</li><li>Follow the payment instructions; your balance updates when the payment is confirmed.</li></ol>',
  },
  {
    id: 'withdraw',
    cat: 'banking',
    catTitle: 'Deposits and withdrawals',
    title: 'How to withdraw',
    html: '<h3>How to withdraw</h3><p>Open <b>Withdraw</b> in the member menu, choose your bank account and enter the amount and your transaction password. After the money arrives, confirm receipt in your records.</p>',
  },
];

const day = 86_400_000;
/** Fixed publication times so seeded data is deterministic: days before the seed's reference date. */
export const SEED_REFERENCE = Date.UTC(2026, 10, 20, 8, 0, 0);

/** `audience: 'AGENTS'` notices show in the agent centre only (migration 033); the rest are everyone's. */
export const demoAnnouncements: {
  type: string;
  title: string;
  html: string;
  daysAgo: number;
  audience?: 'AGENTS';
}[] = [
  {
    type: 'PU',
    title: 'Welcome bonus: 100% on your first deposit',
    html: '<p>Make your first deposit today and we match it <b>100%</b> up to $500.</p><p><a href="/promotions">See the promotion</a></p>',
    daysAgo: 0,
  },
  ...[
    [
      'Scheduled maintenance of PG Soft games on Tuesday 02:00–04:00 GMT+7',
      '<p>PG Soft games will be unavailable on Tuesday from 02:00 to 04:00 (GMT+7) while the provider upgrades its servers. All other games stay open.</p>',
    ],
    [
      'New: Vietnam lottery now draws every 5 minutes',
      '<p>The <b>VN 5-minute lottery</b> is live. Results are published on the lottery page the moment each draw closes.</p>',
    ],
    [
      'Deposit by VietQR now credited within 1 minute',
      '<p>Scan, pay and play: VietQR deposits are now confirmed automatically.</p>',
    ],
    [
      'Protect your account: turn on the authenticator',
      '<p>Bind Google Authenticator in <b>My account → Security</b> for a second factor when you log in from a new device.</p>',
    ],
    [
      'Weekly cashback paid every Monday',
      '<p>Slots and live casino players receive up to <b>1.2%</b> cashback on net losses every Monday at 12:00.</p>',
    ],
    [
      'Lucky draw: win an iPhone 17 Pro',
      '<p>Every $100 of valid bets this month earns one ticket in the lucky draw on the 30th.</p>',
    ],
    [
      'Invite friends and earn 10% of their first deposit',
      '<p>Share your invite link from the member menu. When a friend deposits, you both get a bonus.</p>',
    ],
    [
      'Holiday opening hours of bank transfer withdrawals',
      '<p>Bank transfer withdrawals on public holidays are processed from 09:00 to 21:00.</p>',
    ],
    [
      'New live dealer tables from Evolution',
      '<p>Lightning Roulette and Crazy Time tables are now open around the clock.</p>',
    ],
    [
      'Responsible gaming tools now available',
      '<p>Set daily deposit limits and session reminders from your security centre.</p>',
    ],
    [
      'Beware of fake customer service accounts',
      '<p>Our staff never ask for your password or transaction password. Only use the live chat on this site.</p>',
    ],
    [
      'Sports: enhanced odds on every weekend match',
      '<p>Selected football matches carry enhanced odds every Saturday and Sunday.</p>',
    ],
  ].map(([title, html], i) => ({ type: 'PL', title: title!, html: html!, daysAgo: i + 1 })),
  {
    type: 'PR',
    title: 'Daily reload bonus 10%',
    html: '<p>Reload any day and receive a 10% bonus up to $100, once a day.</p>',
    daysAgo: 2,
  },
  // The original's two constants of B §9 as promotions a player of it knows: the Zalo follow reward
  // "up to 131K" (PR-13), staff decide the amount up to its cap (demo-promotions.ts), and the
  // sign-up bonus whose text shows 1000 VND, a display value (PR-14).
  {
    type: 'PR',
    title: 'Follow us on Zalo: a reward of up to 131K',
    html: '<p>Follow the official <b>Lucky Lotus</b> account on Zalo and receive a reward of <b>up to 131K</b>.</p><ol><li>Follow <a href="https://zalo.me/luckylotus">zalo.me/luckylotus</a> on Zalo.</li><li>Press <b>Claim bonus</b> on this promotion with your Zalo name in the remark.</li><li>Our team checks the follow and credits your reward of up to 131K within 24 hours.</li></ol><p>Once per member.</p>',
    daysAgo: 4,
  },
  {
    type: 'PR',
    title: 'Sign-up bonus: 1000 VND for new members',
    html: '<p>Open your account today and claim a sign-up bonus of <b>1000 VND</b>, no deposit needed.</p><ol><li>Register and log in.</li><li>Press <b>Join</b>, then <b>Claim bonus</b> on this promotion.</li><li>Wager the bonus once and it moves to your main wallet.</li></ol><p>New members only, once per member.</p>',
    daysAgo: 5,
  },
  {
    type: 'H',
    title: 'Lottery results are published live on the lottery page',
    html: '<p>Watch every draw live.</p>',
    daysAgo: 3,
  },
  {
    type: 'PL',
    audience: 'AGENTS',
    title: 'Agent rebates are credited every few seconds',
    html: '<p>Your rebate on each settled bet of your team now reaches your main wallet within seconds. See it under <b>My Income</b>, by product.</p>',
    daysAgo: 1,
  },
  {
    type: 'PL',
    audience: 'AGENTS',
    title: 'New: registration links with an expiry and a channel',
    html: '<p>Create links under <b>Account → Link registration</b>: choose the account type, the rebate, how long the link lives (permanent, 1 day, 7 days, 30 days or 1 year) and the channel you share it on. <b>Link management</b> lists them with the registrations each brought.</p>',
    daysAgo: 4,
  },
];
export const dayMs = day;

export const demoBanners: { group: string; title: string; image: string; link: string }[] = [
  {
    group: 'index',
    title: 'Welcome bonus 100% up to $500',
    image: `${IMG}/BANNER/welcome.png`,
    link: '/promotions',
  },
  {
    group: 'index',
    title: 'Vietnam lottery every 5 minutes',
    image: `${IMG}/BANNER/lottery.png`,
    link: '/vnlottery',
  },
  { group: 'index', title: 'Live casino around the clock', image: `${IMG}/BANNER/live.png`, link: '/live' },
  { group: 'index', title: '10,000 slots, weekly cashback', image: `${IMG}/BANNER/slots.png`, link: '/rng' },
  {
    group: 'w_login',
    title: 'Log in and claim your daily bonus',
    image: `${IMG}/BANNER/login.png`,
    link: '',
  },
  {
    group: 'w_register',
    title: 'Join now: 100% welcome bonus',
    image: `${IMG}/BANNER/register.png`,
    link: '',
  },
];

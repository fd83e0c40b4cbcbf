import { MAX_PENDING_DEPOSITS } from './constants.ts';
/**
 * The one catalogue of refusals: every error the server sends, with its wire code, its HTTP status
 * and its default English sentence. The server raises them by name (`fail(Errors.codeInvalid)`),
 * the web client recognises them by name, and no code is written anywhere else.
 *
 * A code may appear under several names when the original platform uses one code for several
 * situations (TOO_MANY_REQUESTS, user.or.token.invalid, invalid.input): each name then carries its
 * own sentence or status. Names are stable: the web's sentence keys are derived from them
 * (`wrongCredentials` → `error_wrong_credentials`).
 *
 * A domain with many refusals may have a section of its own (WalletErrors, DepositErrors) with the
 * same shape, declared in this file (it must not import schema modules: see below); it is merged
 * into `Errors`, and code may raise it either way.
 */
export interface ErrorDef {
  readonly code: string;
  readonly status: number;
  readonly message: string;
}

/** Phone verification, spec B §8 ER-05..ER-15 (ER-15 is the client's own: a closed provider popup). */
const verificationErrors = {
  phoneFormatInvalid: { code: 'phone.format.invalid', status: 422, message: 'Invalid phone number format' },
  phoneInvalid: { code: 'phone.invalid', status: 422, message: 'Please enter a valid phone number' },
  tooManyRequests: {
    code: 'TOO_MANY_REQUESTS',
    status: 429,
    message: 'Too many requests, try again after 5 minutes',
  },
  unknown: { code: 'verification.unknown', status: 500, message: 'Unknown error' },
  codeInvalid: { code: 'verification.code.invalid', status: 422, message: 'Verification code not valid' },
  codeMissing: { code: 'verification.code.missing', status: 422, message: 'Verification code missing' },
  captchaInvalid: { code: 'captcha.invalid', status: 422, message: 'Invalid captcha input' },
  quotaExceeded: {
    code: 'sms.quota.insufficient',
    status: 503,
    message: 'Quota not sufficient, contact customer service',
  },
  functionDisabled: {
    code: 'function.disabled',
    status: 403,
    message: 'Function not enabled, contact customer service',
  },
  codeExpired: {
    code: 'verification.code.expired',
    status: 422,
    message: 'Verification code expired, send again',
  },
  popupClosed: { code: 'verification.popup.closed', status: 400, message: 'Login failure. Please try again' },
  resendTooSoon: {
    code: 'TOO_MANY_REQUESTS',
    status: 429,
    message: 'A code was sent a moment ago, please wait before asking again',
  },
} as const satisfies Record<string, ErrorDef>;

/** Login, registration, passwords and the member's own settings (spec B §8). */
const accountErrors = {
  wrongCredentials: { code: 'user.password.invalid', status: 401, message: 'Wrong account or password' },
  accountLocked: {
    code: 'TOO_MANY_REQUESTS',
    status: 429,
    message: 'Too many requests, try again after 5 minutes',
  },
  captchaRequired: { code: 'captcha.required', status: 422, message: 'Please enter the captcha' },
  challengeRequired: {
    code: 'challenge.required',
    status: 422,
    message: 'Please complete verification first',
  },
  challengeFailed: {
    code: 'challenge.failed',
    status: 422,
    message: 'Please pass the image verification correctly',
  },
  nonMemberAccount: {
    code: 'member.type.not.allowed',
    status: 403,
    message: 'Non-member account unable to login',
  },
  accountDisabled: {
    code: 'member.disabled',
    status: 403,
    message: 'This account is disabled, please contact customer service',
  },
  /** ER-28, ER-29: an agent call from a member that is not an agent (types 1, 2, 41, 42 only). */
  nonAgent: {
    code: 'agent.only',
    status: 403,
    message: 'Non-agents cannot log in. Please contact your agent',
  },
  trialForbidden: {
    code: 'in_need_true_account',
    status: 403,
    message: 'Please register a real account to use this feature',
  },
  notLoggedIn: { code: 'user.or.token.invalid', status: 401, message: 'You are not logged in, please login' },
  sessionEnded: {
    code: 'user.or.token.invalid',
    status: 401,
    message: 'Your session has ended, please login again',
  },
  loginVerifyRequired: {
    code: 'login_verify_required',
    status: 403,
    message: 'Please verify this login: it comes from a new IP address',
  },
  loginVerifyInvalid: {
    code: 'login.verify.invalid',
    status: 401,
    message: 'The verification has expired, please login again',
  },
  bankNameInvalid: {
    code: 'login.verify.bank.name.invalid',
    status: 422,
    message: 'The bank account name does not match',
  },
  totpInvalid: { code: 'totp.code.invalid', status: 422, message: 'The authenticator code is not valid' },
  totpNotBound: { code: 'totp.not.bound', status: 422, message: 'No authenticator is bound to this account' },
  verifyMethodUnavailable: {
    code: 'login.verify.method.unavailable',
    status: 422,
    message: 'This verification method is not available for this account',
  },
  rememberInvalid: { code: 'remember.token.invalid', status: 401, message: 'Please login again' },
  usernameExists: { code: 'user.exists', status: 409, message: 'This username is already registered' },
  mobileExists: { code: 'mobile.exists', status: 409, message: 'This mobile number is already registered' },
  invitationCodeError: { code: 'invitation.code.error', status: 422, message: 'invitation code error' },
  accountFormat: { code: 'account.format.invalid', status: 422, message: 'Account format incorrect' },
  passwordFormat: { code: 'password.format.invalid', status: 422, message: 'Password format incorrect' },
  realNameFormat: { code: 'real.name.format.invalid', status: 422, message: 'Real name format incorrect' },
  phoneFormat: { code: 'phone.number.format.invalid', status: 422, message: 'Phone number format incorrect' },
  emailFormat: { code: 'email.format.invalid', status: 422, message: 'E-mail format incorrect' },
  confirmMismatch: {
    code: 'password.confirm.mismatch',
    status: 422,
    message: 'Confirmation password is not correct',
  },
  inputEmpty: { code: 'input.empty', status: 422, message: 'Input cannot be empty' },
  usernamePasswordMissing: {
    code: 'credentials.missing',
    status: 422,
    message: 'Please enter the username and password',
  },
  oldPasswordWrong: { code: 'password.old.invalid', status: 422, message: 'The old password is not correct' },
  passwordReused: {
    code: 'password.same.as.old',
    status: 422,
    message: 'The new password must differ from the old one',
  },
  passwordWeak: {
    code: 'password.weak',
    status: 422,
    message: 'This password is not allowed, please choose another',
  },
  userEmailNotFound: {
    code: 'user.email.notfound',
    status: 404,
    message: 'Username or e-mail does not exist',
  },
  resetTokenInvalid: {
    code: 'password.reset.invalid',
    status: 422,
    message: 'This reset link is not valid or has expired, please request a new one',
  },
} as const satisfies Record<string, ErrorDef>;

/**
 * The errors a player meets in the account and verification forms, in the order the web client
 * matches them: it has a translated sentence for each (spec B §8). The other errors of the
 * catalogue are shown with the server's own sentence.
 */
export const PlayerErrorNames = [...Object.keys(verificationErrors), ...Object.keys(accountErrors)] as (
  keyof typeof verificationErrors | keyof typeof accountErrors
)[];

/**
 * Those errors by name, for the web client's sentences: it reads them from here rather than from
 * `Errors`, so that its build can leave the rest of the catalogue out (decision 060).
 */
export const PlayerErrors = { ...verificationErrors, ...accountErrors } as const;

/** Refused encrypted requests (DESIGN.md §2). */
const payloadErrors = {
  payloadEncryptionRequired: {
    code: 'payload.encryption.required',
    status: 400,
    message:
      'This call must be sent encrypted: body {value} with the Encryption and Encryption-Key-Id headers',
  },
  payloadKeyInvalid: {
    code: 'payload.key.invalid',
    status: 400,
    message: 'The encryption key is unknown or expired: fetch /wps/session/publicKey and try again',
  },
  payloadDecryptFailed: {
    code: 'payload.decrypt.failed',
    status: 400,
    message: 'The encrypted payload could not be opened (tampered, truncated or made for another key)',
  },
  payloadMalformed: {
    code: 'payload.malformed',
    status: 400,
    message: 'The decrypted payload is not {payload, ts, nonce} with a nonce of at least 16 bytes',
  },
  payloadClockSkew: {
    code: 'payload.timestamp.invalid',
    status: 400,
    message: 'The request time is more than 5 minutes off the server clock: check the device clock',
  },
  payloadReplayed: {
    code: 'payload.replayed',
    status: 409,
    message: 'This request was already received once and is refused (replay)',
  },
} as const satisfies Record<string, ErrorDef>;

/** Account flows whose sentences the server alone gives. */
const memberErrors = {
  /** Confirming an authenticator binding that was never started. */
  totpBindingNotStarted: {
    code: 'totp.not.bound',
    status: 409,
    message: 'Start the authenticator binding first',
  },
  /** The ticket of an event stream (EventSource cannot send the Authorization header). */
  streamTicketInvalid: {
    code: 'stream.ticket.invalid',
    status: 401,
    message: 'The stream ticket is unknown, used or expired: ask for a new one',
  },
  /** A platform message that is not in the caller's inbox (another member's, deleted or never sent). */
  messageNotFound: { code: 'message.not.found', status: 404, message: 'No such message in your inbox' },
  mobileNotRegistered: {
    code: 'mobile.not.registered',
    status: 404,
    message: 'This mobile number is not registered',
  },
  paymentPasswordSame: {
    code: 'payment.password.same',
    status: 422,
    message: 'The transaction password must differ from the login password',
  },
} as const satisfies Record<string, ErrorDef>;

/** Money. */
const walletErrors = {
  balanceInsufficient: { code: 'wallet.balance.insufficient', status: 409, message: 'Insufficient balance' },
  /** A game cannot start: the wallet holds too little (original code). */
  launchBalanceNotEnough: {
    code: 'launch_game_balance_not_enough',
    status: 409,
    message: 'Your balance is not enough to start this game',
  },
} as const satisfies Record<string, ErrorDef>;

/** Games. */
const gameErrors = {
  vendorUnderMaintenance: {
    code: 'vendor_under_maintenance',
    status: 503,
    message: 'This game provider is under maintenance, please try again later',
  },
  // The seamless wallet and the vendor callbacks (decision 019).
  gameTransactionConflict: {
    code: 'game.transaction.conflict',
    status: 409,
    message: 'This transaction id was already used for a different request',
  },
  gameTransactionUnknown: { code: 'game.transaction.unknown', status: 404, message: 'No such debit' },
  gameRoundUnknown: { code: 'game.round.unknown', status: 404, message: 'No such round' },
  gameRoundSettled: {
    code: 'game.round.settled',
    status: 409,
    message: 'This round is already settled: it takes no more bets and no rollback',
  },
  gameRoundForbidden: {
    code: 'game.round.forbidden',
    status: 403,
    message: 'This round belongs to another player',
  },
  gameDebitRolledBack: {
    code: 'game.debit.rolled_back',
    status: 409,
    message: 'This debit was already rolled back',
  },
  vendorSignatureInvalid: {
    code: 'vendor.signature.invalid',
    status: 401,
    message: 'The request signature is missing, wrong or too old',
  },
  gameLaunchTokenInvalid: {
    code: 'game.launch_token.invalid',
    status: 401,
    message: 'This game link is invalid or expired: open the game again from the lobby',
  },
  gameUnavailable: { code: 'game.unavailable', status: 404, message: 'This game is not available' },
  gameVendorUnavailable: {
    code: 'game.vendor.unavailable',
    status: 502,
    message: 'The game provider did not answer, please try again',
  },
} as const satisfies Record<string, ErrorDef>;

/** The wire itself: input, routing, the site's status. */
/** Refusals of the profile page, the avatar and binding a mobile or e-mail (decision 023). */
const profileErrors = {
  profileFieldLocked: {
    code: 'profile.field.locked',
    status: 409,
    message: 'This detail cannot be changed once set: please contact customer service',
  },
  profileFieldInvalid: { code: 'profile.field.invalid', status: 422, message: 'This detail is not valid' },
  avatarInvalid: { code: 'avatar.invalid', status: 422, message: 'Upload a PNG, JPG or WebP image' },
  avatarTooLarge: { code: 'avatar.too.large', status: 413, message: 'The image is larger than 2 MB' },
  emailExists: {
    code: 'email.exists',
    status: 409,
    message: 'This e-mail address is already bound to another account',
  },
  alreadyBound: {
    code: 'contact.already.bound',
    status: 409,
    message: 'This is already bound to your account',
  },
} as const;

const platformErrors = {
  invalidInput: { code: 'invalid.input', status: 422, message: 'The request is not valid' },
  malformedJson: { code: 'request.malformed', status: 400, message: 'The request body is not valid JSON' },
  badUrl: {
    code: 'request.malformed',
    status: 400,
    message: 'The address is not a valid URL: check its percent-encoding',
  },
  addressPartTooLong: { code: 'invalid.input', status: 414, message: 'A part of the address is too long' },
  badHeader: { code: 'invalid.input', status: 400, message: 'A request header is not valid' },
  bodyTooLarge: {
    code: 'request.too.large',
    status: 413,
    message: 'The request body is larger than 1 MB',
  },
  unsupportedMediaType: {
    code: 'request.unsupported.media.type',
    status: 415,
    message: 'Send the request body as application/json',
  },
  notFound: { code: 'not.found', status: 404, message: 'Not found' },
  forbidden: { code: 'forbidden', status: 403, message: 'This is not allowed' },
  conflict: { code: 'conflict', status: 409, message: 'This conflicts with the current state, try again' },
  merchantInvalid: { code: 'merchant.invalid', status: 400, message: 'Unknown merchant' },
  systemError: { code: 'system.error', status: 500, message: 'System error, please try again later' },
  maintenance: {
    code: 'system.maintenance',
    status: 503,
    message: 'The system is under maintenance, please come back later',
  },
  regionRestricted: {
    code: 'system.region.restricted',
    status: 403,
    message: 'Your location or IP address is not allowed to use this site',
  },
} as const satisfies Record<string, ErrorDef>;

/** Bank accounts and withdrawals (decision 017). */
const withdrawErrors = {
  bankUnknown: { code: 'bank.unknown', status: 422, message: 'Choose a bank from the list' },
  bankAccountNumberInvalid: {
    code: 'bank.account.number.invalid',
    status: 422,
    message: 'The account number is not valid for this bank',
  },
  bankPayeeMismatch: {
    code: 'bank.payee.mismatch',
    status: 422,
    message: 'The payee name must be your registered real name',
  },
  bankAccountTaken: {
    code: 'bank.account.bound',
    status: 409,
    message: 'This bank account is already bound',
  },
  bankAccountLimit: {
    code: 'bank.account.limit',
    status: 409,
    message: 'You cannot bind more bank accounts',
  },
  bankAccountNotFound: { code: 'bank.account.not.found', status: 404, message: 'No such bank account' },
  withdrawAmountInvalid: { code: 'amount.invalid', status: 422, message: 'Enter a valid amount' },
  withdrawDailyLimit: {
    code: 'withdraw.daily.limit',
    status: 409,
    message: "You have made today's withdrawal requests: try again tomorrow",
  },
  withdrawNotFound: { code: 'withdraw.not.found', status: 404, message: 'No such withdrawal request' },
  withdrawStatusConflict: {
    code: 'withdraw.status.conflict',
    status: 409,
    message: 'This withdrawal request cannot do that in its current status',
  },
  withdrawConfirmClosed: {
    code: 'withdraw.confirm.closed',
    status: 409,
    message:
      'This payout was counted as received after the confirmation time ran out: it can no longer be disputed and its refund is forfeited',
  },
  withdrawReceivedAmountInvalid: {
    code: 'withdraw.received.amount.invalid',
    status: 422,
    message: 'Enter the amount that arrived: more than 0 and less than the request',
  },
  withdrawProofRequired: {
    code: 'withdraw.proof.required',
    status: 422,
    message: 'Upload at least one proof image to report a payout not received',
  },
  withdrawProofTooLarge: {
    code: 'withdraw.proof.too.large',
    status: 413,
    message: 'A proof image is at most 5 MB',
  },
  withdrawProofType: {
    code: 'withdraw.proof.type',
    status: 415,
    message: 'A proof image is a png or jpg file',
  },
  withdrawProofTooMany: {
    code: 'withdraw.proof.too.many',
    status: 409,
    message: 'At most 3 proof images per request',
  },
  withdrawProofNotFound: { code: 'withdraw.proof.not.found', status: 404, message: 'No such proof image' },
} as const satisfies Record<string, ErrorDef>;

// The wallet's and the deposits' sections live here, not beside their calls: this file must stay
// free of zod, because the web's entry chunk reads the catalogue (PlayerErrorNames) and a schema
// module imported here would bring zod into every first page load.
/** Refusals of the money calls (part of the catalogue in errors.ts). */
export const WalletErrors = {
  idempotencyKeyReused: {
    code: 'idempotency.key.reused',
    status: 409,
    message: 'This request id was already used for a different request',
  },
  amountInvalid: { code: 'amount.invalid', status: 422, message: 'Enter a valid amount' },
  walletUnknown: { code: 'wallet.unknown', status: 422, message: 'No such wallet' },
  sameWallet: { code: 'wallet.transfer.same', status: 422, message: 'Choose two different wallets' },
  singleWallet: {
    code: 'wallet.single',
    status: 409,
    message: 'This site uses a single wallet: there is nothing to transfer between',
  },
  uplineNotAllowed: {
    code: 'transfer.upline.not.allowed',
    status: 403,
    message: 'Transfers to your upline are not enabled for this account',
  },
  paymentPasswordNotSet: {
    code: 'payment.password.not.set',
    status: 409,
    message: 'Please set a payment password in the security centre first',
  },
  paymentPasswordInvalid: {
    code: 'payment.password.invalid',
    status: 422,
    message: 'The payment password is not correct',
  },
  ledgerCheckFailed: {
    code: 'ledger.check.failed',
    status: 409,
    message: 'The ledger check found a mismatch',
  },
  /** One movement carries at most MAX_AMOUNT_MINOR (wallet.ts), whichever path it takes. */
  movementTooLarge: {
    code: 'wallet.movement.too.large',
    status: 422,
    message: 'This amount is more than one movement may carry',
  },
  /** No account holds more than MAX_BALANCE_MINOR (wallet.ts): the movement is refused whole. */
  balanceCeiling: {
    code: 'wallet.balance.ceiling',
    status: 409,
    message: 'This movement would take the balance above the most an account may hold',
  },
} as const;

/** Refusals of the deposit calls and the gateway notification (part of the catalogue in errors.ts). */
export const DepositErrors = {
  depositChannelUnavailable: {
    code: 'deposit.channel.unavailable',
    status: 422,
    message: 'This deposit channel is not available',
  },
  depositReferenceRequired: {
    code: 'deposit.reference.required',
    status: 422,
    message: 'Enter the reference of your bank transfer',
  },
  depositPendingLimit: {
    code: 'deposit.pending.limit',
    status: 409,
    message: `You have ${MAX_PENDING_DEPOSITS} deposits waiting: finish or cancel one first`,
  },
  depositNotFound: { code: 'deposit.not.found', status: 404, message: 'No such deposit order' },
  depositNotPending: {
    code: 'deposit.not.pending',
    status: 409,
    message: 'This deposit order is no longer pending',
  },
  gatewaySignatureInvalid: {
    code: 'gateway.signature.invalid',
    status: 401,
    message: 'The signature does not match',
  },
  gatewayTimestampStale: {
    code: 'gateway.timestamp.stale',
    status: 401,
    message: 'The timestamp is missing or more than 5 minutes away',
  },
  gatewayAmountMismatch: {
    code: 'gateway.amount.mismatch',
    status: 409,
    message: 'The paid amount differs from the order amount',
  },
} as const;

/**
 * Refusals of the agent centre's register centre (issue 29; the original's keys where it has one:
 * `invalid.rebate.value`, `downline.rebate.update.lower.reb`). A downline or link of another agent
 * answers the same 404 as a missing one.
 */
export const AgentRegisterErrors = {
  rebateInvalid: { code: 'invalid.rebate.value', status: 422, message: 'Invalid rebate setting' },
  rebateLowered: {
    code: 'downline.rebate.update.lower.reb',
    status: 422,
    message: 'series rebate can not be lowered',
  },
  downlineNotFound: { code: 'agent.downline.not.found', status: 404, message: 'No such downline' },
  affiliateLinkNotFound: { code: 'agent.link.not.found', status: 404, message: 'No such registration link' },
  affiliateLinkExpired: {
    code: 'affiliate.link.expired',
    status: 422,
    message: 'This registration link has expired',
  },
  affiliateLinkWithdrawn: {
    code: 'affiliate.link.withdrawn',
    status: 422,
    message: 'This registration link is no longer valid',
  },
} as const;

/** Refusals of the lottery gateway (issue 9, decision 022). */
export const LotteryErrors = {
  lotteryGameNotFound: { code: 'lottery.game.not.found', status: 404, message: 'No such lottery game' },
  lotteryNumeroClosed: {
    code: 'lottery.numero.closed',
    status: 409,
    message: 'Sales for this draw have closed: bet on the next one',
  },
  lotterySlipInvalid: { code: 'lottery.slip.invalid', status: 422, message: 'The bet slip is not valid' },
  lotteryAmountMismatch: {
    code: 'lottery.amount.mismatch',
    status: 409,
    message: 'The amount of the slip has changed: check it and bet again',
  },
  lotteryLimitExceeded: {
    code: 'lottery.limit.exceeded',
    status: 422,
    message: 'The bet is outside the limits of this play',
  },
  lotterySoldOut: {
    code: 'lottery.number.sold.out',
    status: 409,
    message: 'A number of this bet is sold out for this draw',
  },
  lotteryOrderNotFound: { code: 'lottery.order.not.found', status: 404, message: 'No such order' },
  lotteryCancelNotAllowed: {
    code: 'lottery.cancel.not.allowed',
    status: 409,
    message: 'This order can no longer be cancelled',
  },
} as const;

/**
 * Refusals of the agent contracts (issue 30, decision 030). A contract of other parties answers the
 * same 404 as a missing one; the status and actor codes are the state machine's (status.ts).
 */
export const AgentContractErrors = {
  contractNotFound: { code: 'agent.contract.not.found', status: 404, message: 'No such contract' },
  contractStatusInvalid: {
    code: 'contract.status.invalid',
    status: 409,
    message: 'This contract cannot take this action in its current status',
  },
  contractActorInvalid: {
    code: 'contract.actor.invalid',
    status: 403,
    message: 'This action is not yours to take on this contract',
  },
  contractTermsInvalid: { code: 'contract.terms.invalid', status: 422, message: 'Invalid contract' },
  contractVersionStale: {
    code: 'contract.version.stale',
    status: 409,
    message: 'This contract has changed: check it and try again',
  },
  contractHigherRate: {
    code: 'agent.contract.higher.rate',
    status: 409,
    message:
      'There is a downline with a higher rate than the new contract; if you proceed, the contract with that downline is terminated automatically.',
  },
} as const;

/** The points mall (issue 32, decision 033). */
export const PointsErrors = {
  pointsInsufficient: { code: 'points.insufficient', status: 409, message: 'Not enough points' },
  pointsGoodsNotFound: { code: 'points.goods.not.found', status: 404, message: 'No such item in the mall' },
  pointsGoodsSoldOut: {
    code: 'points.goods.sold.out',
    status: 409,
    message: 'This item is sold out',
  },
  pointsAmountRequirement: {
    code: 'points.amount.requirement',
    status: 409,
    message: 'Your deposits have not reached the amount this item requires',
  },
  pointsConvertTooSmall: {
    code: 'points.convert.too.small',
    status: 422,
    message: 'This is fewer points than the smallest conversion',
  },
  pointsMallClosed: { code: 'points.mall.closed', status: 409, message: 'The points mall is closed' },
  pointsRedeemNotFound: { code: 'points.redeem.not.found', status: 404, message: 'No such redeem' },
  pointsRedeemDecided: {
    code: 'points.redeem.decided',
    status: 409,
    message: 'This redeem has been decided already',
  },
} as const;

/** Responsible gambling (issue 33, decision 039): limits, time-outs and self-exclusion. */
export const ResponsibleErrors = {
  rgDepositLimit: {
    code: 'rg.deposit.limit',
    status: 409,
    message: 'This deposit would pass your deposit limit',
  },
  rgLossLimit: { code: 'rg.loss.limit', status: 409, message: 'This bet would pass your loss limit' },
  rgWagerLimit: { code: 'rg.wager.limit', status: 409, message: 'This bet would pass your wager limit' },
  rgTimeOut: {
    code: 'rg.time.out',
    status: 403,
    message: 'You are taking a break: your account is closed to play and deposits until it ends',
  },
  rgSelfExcluded: {
    code: 'rg.self.excluded',
    status: 403,
    message: 'You have excluded yourself: your account is closed until the exclusion ends',
  },
  rgBlockShorter: {
    code: 'rg.block.shorter',
    status: 409,
    message: 'A break already runs longer than this one: it cannot be shortened',
  },
  rgLimitNotStricter: {
    code: 'rg.limit.not.stricter',
    status: 409,
    message: 'Staff may only set a stricter limit than the player has',
  },
  rgNothingPending: {
    code: 'rg.nothing.pending',
    status: 404,
    message: 'No change of this limit is waiting',
  },
} as const;

/** Promotions and the bonus wallet (issue 32, decision 041): a refused join or claim says why. */
export const PromotionErrors = {
  promotionNotFound: { code: 'promotion.not.found', status: 404, message: 'No such promotion' },
  promotionNotRunning: {
    code: 'promotion.not.running',
    status: 409,
    message: 'This promotion is not running',
  },
  promotionNotEligible: {
    code: 'promotion.not.eligible',
    status: 409,
    message: 'You are not eligible for this promotion',
  },
  promotionAlreadyJoined: {
    code: 'promotion.already.joined',
    status: 409,
    message: 'You have joined this promotion already',
  },
  promotionNotJoined: { code: 'promotion.not.joined', status: 409, message: 'Join this promotion first' },
  promotionNoDeposit: {
    code: 'promotion.no.deposit',
    status: 409,
    message: 'No deposit since you joined qualifies for this bonus yet',
  },
  promotionWrongStep: {
    code: 'promotion.wrong.step',
    status: 409,
    message: 'This promotion is not claimed this way',
  },
  promotionEntryDecided: {
    code: 'promotion.entry.decided',
    status: 409,
    message: 'This reward request has been decided already',
  },
  promotionPictureInvalid: {
    code: 'promotion.picture.invalid',
    status: 422,
    message: 'A picture must be a PNG or JPEG image of at most 5 MB',
  },
  bonusActive: {
    code: 'bonus.active',
    status: 409,
    message: 'You have a bonus being wagered: complete or forfeit it before taking another',
  },
  bonusWageringOpen: {
    code: 'bonus.wagering.open',
    status: 409,
    message:
      'Your bonus has wagering left to complete: withdraw after completing it, or forfeit the bonus to withdraw now',
  },
  bonusNotFound: { code: 'bonus.not.found', status: 404, message: 'No such bonus being wagered' },
} as const;

/**
 * Social sign-in and the age rule (issue 33, decision 045). The web app shows these sentences as
 * they are: a refused social sign-in comes back to it as a code in the address (`socialError`).
 */
export const SocialErrors = {
  socialProviderDisabled: {
    code: 'social.provider.disabled',
    status: 404,
    message: 'This sign-in method is not available',
  },
  socialStateInvalid: {
    code: 'social.state.invalid',
    status: 400,
    message:
      'This sign-in could not be verified (it was used already, expired or did not start here): please try again',
  },
  socialNonceInvalid: {
    code: 'social.nonce.invalid',
    status: 400,
    message: "The provider's answer does not belong to this sign-in: please try again",
  },
  socialTokenInvalid: {
    code: 'social.token.invalid',
    status: 502,
    message: "The provider's answer could not be verified: please try again",
  },
  socialDenied: {
    code: 'social.denied',
    status: 400,
    message: 'The sign-in was cancelled at the provider',
  },
  socialEmailUnverified: {
    code: 'social.email.unverified',
    status: 422,
    message:
      'The provider has not verified your e-mail address: verify it there, or register with a username',
  },
  socialNoAccount: {
    code: 'social.no.account',
    status: 422,
    message: 'No account uses this sign-in yet: open Register, confirm your age and sign in there',
  },
  socialTicketInvalid: {
    code: 'social.ticket.invalid',
    status: 401,
    message: 'This sign-in has expired or was used already: please sign in again',
  },
  ageNotConfirmed: {
    code: 'age.not.confirmed',
    status: 422,
    message: 'Please confirm your age',
  },
  underAge: {
    code: 'age.under.minimum',
    status: 422,
    message: 'You are under the minimum age to open an account',
  },
} as const;

/** Referral and feedback (issue 32, decision 043). */
export const EngageErrors = {
  referralOff: { code: 'referral.off', status: 403, message: 'Inviting friends is not open at the moment' },
  referralSelf: { code: 'referral.self', status: 422, message: 'You cannot use your own referral code' },
  referralCycle: {
    code: 'referral.cycle',
    status: 422,
    message: 'This code belongs to a friend you invited: referrals cannot go round in a circle',
  },
  referralAlreadyBound: {
    code: 'referral.already.bound',
    status: 409,
    message: 'Your account already has a referrer',
  },
  referralBindClosed: {
    code: 'referral.bind.closed',
    status: 409,
    message: 'A referral code can only be added in the first days after registering',
  },
  feedbackLength: {
    code: 'feedback.length',
    status: 422,
    message: 'Feedback must be between 10 and 500 characters',
  },
  feedbackImageInvalid: {
    code: 'feedback.image.invalid',
    status: 422,
    message: 'Only png, jpg or webp images can be attached',
  },
  feedbackImageTooLarge: {
    code: 'feedback.image.too.large',
    status: 413,
    message: 'An image may be at most 5 MB',
  },
  feedbackImageUnknown: {
    code: 'feedback.image.unknown',
    status: 422,
    message: 'An attached image was not uploaded (or at most 3 images)',
  },
} as const;

/** The chat room (issue 32, decision 054). */
export const ChatErrors = {
  chatClosed: { code: 'chat.closed', status: 403, message: 'The chat room is not open at the moment' },
  chatPermission: {
    code: 'chat.permission',
    status: 403,
    message: 'Your account may not enter this chat group',
  },
  chatMuted: { code: 'chat.muted', status: 403, message: 'You have been muted in the chat room for a while' },
  chatGroupUnknown: { code: 'chat.group.unknown', status: 404, message: 'No such chat group' },
  chatGroupClosed: {
    code: 'chat.group.closed',
    status: 403,
    message: 'This chat group is closed at the moment',
  },
  chatMessageUnknown: { code: 'chat.message.unknown', status: 404, message: 'No such chat message' },
  /** The console: a group that ever held a message is closed, never deleted (its messages are the record). */
  chatGroupHasMessages: {
    code: 'chat.group.has.messages',
    status: 409,
    message: 'This group holds messages: close it instead, so they stay on the record',
  },
  /** The console: another group has this name, whatever the case (the unique index of migration 071). */
  chatGroupNameTaken: {
    code: 'chat.group.name.taken',
    status: 409,
    message: 'Another chat group already has this name',
  },
  /** The console: a new order that is not every group once (the list changed since it was read). */
  chatGroupOrderStale: {
    code: 'chat.group.order.stale',
    status: 409,
    message: 'The chat groups changed since this list was read: reload it and order them again',
  },
  chatTooFast: {
    code: 'chat.too.fast',
    status: 429,
    message: 'You are sending messages too fast: wait a moment',
  },
} as const;

/** Raffles (issue 32, decision 053): an entry refused says why. */
export const RaffleErrors = {
  raffleNotFound: { code: 'raffle.not.found', status: 404, message: 'No such raffle' },
  raffleNotOpen: {
    code: 'raffle.not.open',
    status: 409,
    message: 'This raffle is not taking entries: look at when its entries open and close',
  },
  raffleEntered: { code: 'raffle.entered', status: 409, message: 'You have entered this raffle already' },
  raffleNotDrawn: { code: 'raffle.not.drawn', status: 409, message: 'This raffle has not been drawn yet' },
  raffleLocked: {
    code: 'raffle.locked',
    status: 409,
    message: 'This raffle was drawn or cancelled and can no longer change',
  },
  raffleStarted: {
    code: 'raffle.started',
    status: 409,
    message: 'Entries have closed: only the title and the description can change now',
  },
} as const;

// In a function marked pure: a bundler keeps an object of spreads even when nothing reads it (a
// spread may run a getter), and the web build reads no field of it (decision 060).
export const Errors = /* @__PURE__ */ (() =>
  ({
    ...verificationErrors,
    ...accountErrors,
    ...payloadErrors,
    ...memberErrors,
    ...walletErrors,
    ...WalletErrors,
    ...DepositErrors,
    ...withdrawErrors,
    ...gameErrors,
    ...profileErrors,
    ...platformErrors,
    ...LotteryErrors,
    ...AgentRegisterErrors,
    ...AgentContractErrors,
    ...ResponsibleErrors,
    ...PointsErrors,
    ...EngageErrors,
    ...SocialErrors,
    ...PromotionErrors,
    ...RaffleErrors,
    ...ChatErrors,
  }) as const satisfies Record<string, ErrorDef>)();
export type ErrorName = keyof typeof Errors;
/** Every code the wire may carry in `errorCode`. */
export type ErrorCode = (typeof Errors)[ErrorName]['code'];

/** The codes of the catalogue, for checks that a code is one of ours. */
// Marked pure: a bundle that reads no code from here (the web's) may leave it, and `Errors`, out.
export const errorCodes: ReadonlySet<string> = /* @__PURE__ */ (() =>
  new Set(Object.values(Errors).map((e) => e.code)))();

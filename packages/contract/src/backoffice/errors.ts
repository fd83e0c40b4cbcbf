import type { ErrorDef } from '../errors.ts';

/**
 * The back office's refusals (issue 31), in the catalogue's shape (`{code, status, message}`,
 * decision 013), raised with `fail(BackofficeErrors.x)`. Their codes start with `bo.`: a staff
 * client never has to tell a staff refusal from a player's by context. Names start with `bo` so
 * the section can be merged into `Errors` without a clash.
 */
export const BackofficeErrors = {
  boNotSignedIn: { code: 'bo.not.signed.in', status: 401, message: 'Please sign in to the back office' },
  boSessionEnded: {
    code: 'bo.session.ended',
    status: 401,
    message: 'Your back-office session has ended, please sign in again',
  },
  boSecondFactorRequired: {
    code: 'bo.second.factor.required',
    status: 401,
    message: 'Enter the code of your authenticator first',
  },
  boSecondFactorDone: {
    code: 'bo.second.factor.done',
    status: 409,
    message: 'This session has already passed its second factor',
  },
  boPermissionDenied: {
    code: 'bo.permission.denied',
    status: 403,
    message: 'Your role does not allow this',
  },
  boWrongCredentials: {
    code: 'bo.credentials.invalid',
    status: 401,
    message: 'Wrong username or password',
  },
  boTooManyAttempts: {
    code: 'bo.too.many.attempts',
    status: 429,
    message: 'Too many attempts, try again in 15 minutes',
  },
  boTotpInvalid: { code: 'bo.totp.invalid', status: 422, message: 'The authenticator code is not valid' },
  boTotpReplayed: {
    code: 'bo.totp.replayed',
    status: 422,
    message: 'This code has already been used: wait for the next one',
  },
  boEnrolmentRequired: {
    code: 'bo.totp.enrolment.required',
    status: 409,
    message: 'Your authenticator is not enrolled yet: confirm the enrolment first',
  },
  boAlreadyEnrolled: {
    code: 'bo.totp.enrolled',
    status: 409,
    message: 'Your authenticator is already enrolled: enter its code instead',
  },
  boStaffExists: { code: 'bo.staff.exists', status: 409, message: 'This username is already taken' },
  boStaffNotFound: { code: 'bo.staff.not.found', status: 404, message: 'No such member of staff' },
  boStaffDisabled: {
    code: 'bo.staff.disabled',
    status: 409,
    message: 'This member of staff is already disabled',
  },
  boCannotDisableSelf: {
    code: 'bo.staff.self',
    status: 409,
    message: 'You cannot disable your own account',
  },
  boPasswordChangeRequired: {
    code: 'bo.password.change.required',
    status: 403,
    message: 'Your password was reset: choose a new one first',
  },
  boPasswordCurrentWrong: {
    code: 'bo.password.current.invalid',
    status: 422,
    message: 'Your current password is not right',
  },
  boPasswordWeak: {
    code: 'bo.password.weak',
    status: 422,
    message: 'Choose another password: not your username, and not the one you have now',
  },
  boStaffResetSelf: {
    code: 'bo.staff.reset.self',
    status: 409,
    message: 'Change your own password under My account; another admin resets your authenticator',
  },
  boLastAdmin: {
    code: 'bo.staff.last.admin',
    status: 409,
    message: 'This is the last active admin: create another admin first',
  },
  boPlayerNotFound: { code: 'bo.player.not.found', status: 404, message: 'No such player' },
  boPlayerState: {
    code: 'bo.player.state',
    status: 409,
    message: 'The player is not in a state this action applies to',
  },
  boAgentNotFound: { code: 'bo.agent.not.found', status: 404, message: 'No such agent' },
  boAgentPeriodNotSettled: {
    code: 'bo.agent.period.not.settled',
    status: 409,
    message: "This period of the contract's line was never settled or has not ended: nothing to re-run",
  },
  boDashboardRange: {
    code: 'bo.dashboard.range',
    status: 422,
    message: 'The range must run forwards and span at most 92 days',
  },
  /** `npm run ops -- audit verify` when the chain does not hold: the CLI exits 1 with the report. */
  boAuditChainBroken: {
    code: 'bo.audit.chain.broken',
    status: 409,
    message: 'The audit chain does not verify',
  },
  boReportRange: {
    code: 'bo.report.range',
    status: 422,
    message: 'The report range must be real days, run forwards and span at most 92 days',
  },
  boReportAgentNotFound: { code: 'bo.report.agent.not.found', status: 404, message: 'No such agent' },
} as const satisfies Record<string, ErrorDef>;

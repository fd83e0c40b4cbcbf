import { errorText } from '../../shared/forms/error-text.ts';
import { isApiError } from '../../shared/http/api-error.ts';
import type { TFunction } from '../../shared/i18n/translator.ts';

/**
 * The refusals an agent meets in the centre, by server code, each with a sentence of the agent
 * catalogue: the server's own message is English only. A code not listed reads as errorText says
 * (the shared catalogue, or the server's sentence).
 */
const AGENT_ERROR_KEYS: Record<string, string> = {
  'agent.only': 'error_non_agent',
  'user.exists': 'agent_err_username_exists',
  'account.format.invalid': 'agent_err_username_format',
  'password.format.invalid': 'agent_err_password_format',
  'invalid.rebate.value': 'agent_err_rebate_invalid',
  'downline.rebate.update.lower.reb': 'agent_err_rebate_lowered',
  'agent.downline.not.found': 'agent_err_downline_not_found',
  'agent.link.not.found': 'agent_err_link_not_found',
  'wallet.balance.insufficient': 'agent_err_balance',
  'amount.invalid': 'agent_err_amount',
  'payment.password.not.set': 'agent_err_fund_password_not_set',
  'payment.password.invalid': 'agent_err_fund_password',
};

export function agentErrorText(error: unknown, t: TFunction): string {
  if (isApiError(error)) {
    const key = AGENT_ERROR_KEYS[error.errorCode];
    if (key) return t(key);
  }
  return errorText(error, t);
}

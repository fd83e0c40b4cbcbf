/** Modal key of the new-password dialog a reset e-mail's link opens (`/?resetPasswordToken=...`). */
export const RESET_PASSWORD_MODAL = 'resetPassword';
/** The query parameter of the reset link the server mails. */
export const RESET_TOKEN_PARAM = 'resetPasswordToken';

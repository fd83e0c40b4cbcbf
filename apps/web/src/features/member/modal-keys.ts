/** The query parameter of the reset link the server mails (`/?resetPasswordToken=...`). */
export const RESET_TOKEN_PARAM = 'resetPasswordToken';

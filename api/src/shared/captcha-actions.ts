/**
 * reCAPTCHA v3 actions the pages pass to `grecaptcha.execute` (spec §5: login, register, submit), by the call
 * they guard. Pure data in `shared/`: the browser imports it too.
 */
export const CAPTCHA_ACTIONS = {
  login: 'login',
  register: 'register',
  resendVerification: 'submit',
  passwordReset: 'submit',
  adminLogin: 'login',
} as const

export type CaptchaAction = (typeof CAPTCHA_ACTIONS)[keyof typeof CAPTCHA_ACTIONS]

export type { CaptchaPort, CaptchaVerdict } from './captcha-port.ts';
export type { SpentTokenStore } from './spent-token-store.ts';
export { createMemorySpentTokenStore } from './spent-token-store.ts';
export type { AltchaCaptchaOptions, AltchaCaptchaPort, AltchaChallenge } from './altcha-captcha.ts';
export { createAltchaCaptcha } from './altcha-captcha.ts';
export type { RecaptchaCaptchaOptions } from './recaptcha-captcha.ts';
export { createRecaptchaCaptcha } from './recaptcha-captcha.ts';

import { ZCaptchaDemand } from '@kavel/core';
import { ApiError, refusalAs } from '../../api/client.ts';

/**
 * A registration or reset refused until a captcha is solved: 401 with
 * `{status: 'showRegistrationCaptcha' | 'showPasswordResetCaptcha', message}`.
 */
export function isCaptchaDemand(error: unknown): boolean {
  return refusalAs(error, ZCaptchaDemand) !== null || (error instanceof ApiError && error.status === 401);
}

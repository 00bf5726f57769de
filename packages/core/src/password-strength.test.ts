import { beforeAll, describe, expect, it } from 'vitest';
import { createPasswordStrengthEstimator } from './password-estimator.ts';
import { installPasswordStrengthEstimator, isPasswordGuessable, passwordUserInputs } from './password-strength.ts';
import { ZPassword, ZRegistrationDto, ZSetPasswordRequest } from './schemas/account.ts';

const registration = {
  isCompany: true,
  companyName: 'Bakkerij Het Zoete Brood',
  firstName: 'Anna',
  lastName: 'de Bakker',
  street: 'Kalverstraat',
  streetNumber: '12',
  postCode: '1012 AB',
  city: 'Amsterdam',
  phoneNumber: '020 1234567',
  email: 'anna.debakker@zoetebrood.nl',
  password: 'fiets-regen-oktober-lepel',
};
const passwordIssues = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  (result.error?.issues ?? []).filter((issue) => issue.path.at(-1) === 'password').map((issue) => issue.message);

describe('the hard-to-guess password rule', () => {
  it('lets the page decide nothing before the estimator is installed', () => {
    expect(isPasswordGuessable('passwordpassword')).toBeNull();
  });

  describe('with the estimator', () => {
    beforeAll(() => installPasswordStrengthEstimator(createPasswordStrengthEstimator()));

    it.each([
      'passwordpassword',
      'aaaaaaaaaaaaaa',
      'wachtwoordwachtwoord',
      '12345678901234',
      'qwertyuiopasdf',
      'azertyuiopqsdf',
      'wachtwoord1234',
      'welkomwelkom12',
      'amsterdam12345',
    ])('refuses %s as too easy to guess', (password) => {
      expect(ZPassword.safeParse(password).error?.issues.map((issue) => issue.message)).toEqual(['passwordGuessable']);
      expect(passwordIssues(ZSetPasswordRequest.safeParse({ token: 'x'.repeat(20), password }))).toEqual(['passwordGuessable']);
    });

    it.each(['fiets-regen-oktober-lepel', 'kavel-demo-wachtwoord', 'correct horse battery staple', 'paars-fiets-onder-brug'])('accepts the passphrase %s', (password) => {
      expect(ZPassword.safeParse(password).success).toBe(true);
    });

    it.each(['p@ssw0rdp@ssw0rd', 'W@chtw00rdW@chtw00rd'])('reads l33t spellings: refuses %s', (password) => {
      expect(ZPassword.safeParse(password).success).toBe(false);
    });

    it('judges the most expensive passwords quickly (no CPU flood through the registration)', () => {
      const started = performance.now();
      for (const password of ['4@5$1!3e0o7t4@5$1!3e0o7t4@5$1!3e0o7t4@5$', '!1|!1|!1|!1|!1|!1|!1|!1|!1|!1|!1|!1|!1|!', '1'.repeat(40)]) ZPassword.safeParse(password);
      // About 0.15 s here; with zxcvbn's default of 100 l33t readings, 2.6 s.
      expect(performance.now() - started).toBeLessThan(800);
    });

    it('keeps the length rule first: one message at a time', () => {
      expect(ZPassword.safeParse('aaaa').error?.issues.map((issue) => issue.message)).toEqual(['passwordLength']);
      expect(ZPassword.safeParse('a'.repeat(41)).error?.issues.map((issue) => issue.message)).toEqual(['passwordLength']);
    });

    it("refuses a registration's password made of its own e-mail address or names", () => {
      expect(ZRegistrationDto.safeParse(registration).success).toBe(true);
      // Each of these is hard enough to guess for a stranger; made of Anna's own words it is not.
      for (const password of ['anna.debakker@zoetebrood.nl', 'zoetebroodbakkerij', 'kalverstraatanna']) {
        expect(ZPassword.safeParse(password).success, password).toBe(true);
        expect(passwordIssues(ZRegistrationDto.safeParse({ ...registration, password })), password).toEqual(['passwordGuessable']);
      }
      // The same password is fine for someone of another name.
      expect(ZRegistrationDto.safeParse({ ...registration, firstName: 'Piet', lastName: 'Jansen', companyName: 'Jansen bv', email: 'piet@jansen.nl', password: 'zoetebroodbakkerij' }).success).toBe(true);
    });

    it('judges a registration whose other fields are wrong too', () => {
      expect(passwordIssues(ZRegistrationDto.safeParse({ ...registration, phoneNumber: 'geen', city: '', password: 'passwordpassword' }))).toEqual(['passwordGuessable']);
    });

    it('reads the words of a registration', () => {
      expect(passwordUserInputs({ email: 'anna.de-bakker@example.nl', firstName: ' Anna ', city: '' })).toEqual(
        expect.arrayContaining(['kavel', 'anna.de-bakker@example.nl', 'anna', 'bakker', 'example']),
      );
    });
  });
});

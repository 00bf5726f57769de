import type { Config } from './config.ts';
import type { Database } from './db/connect.ts';
import { getOrCreateSecret } from './db/settings.ts';
import { createDatabaseSpentTokenStore } from './features/captcha/spent-token-repository.ts';
import wellKnownNames from './features/catalogue/data/well-known-names.json' with { type: 'json' };
import { batchedOwnershipCheck } from './features/domains/domain-service.ts';
import { createAltchaCaptcha, createRecaptchaCaptcha } from './ports/captcha/index.ts';
import type { CaptchaPort } from './ports/captcha/captcha-port.ts';
import { createOutboxMailer, createSmtpMailer } from './ports/mailer/index.ts';
import { createOmnikassaPayment, createSimulatedPayment } from './ports/payment/index.ts';
import type { PaymentPort } from './ports/payment/payment-port.ts';
import { createSimulatedProvisioning } from './ports/provisioning/index.ts';
import type { ProvisioningPort } from './ports/provisioning/provisioning-port.ts';
import type { MailerPort } from './ports/mailer/mailer-port.ts';
import { createRdapRegistry, createSimulatedRegistry, createWhoisRegistry } from './ports/registry/index.ts';
import type { RegistryPort } from './ports/registry/registry-port.ts';

export interface Adapters {
  registry: RegistryPort;
  captcha: CaptchaPort;
  mailer: MailerPort;
  payment: PaymentPort;
  provisioning: ProvisioningPort;
}

/** The one place where configuration picks the adapter behind each port. */
export async function createAdapters(config: Config, db: Database, log: AdapterLog): Promise<Adapters> {
  return {
    registry: createRegistry(config, db),
    captcha: await createCaptcha(config, db),
    mailer: createMailer(config, log),
    payment: createPayment(config, log),
    provisioning: createSimulatedProvisioning(),
  };
}

/** A line for the log before the app (and its logger) exists; `warn` for what an operator must see. */
export type AdapterLog = (line: string, level?: 'info' | 'warn') => void;

/**
 * Omnikassa when configured; otherwise the simulated provider's page on this server, where any
 * order can be marked paid without money. That is refused on a public `https:` address unless
 * `PAYMENT_SIMULATED_ALLOWED=true`; the log warns either way.
 */
export function createPayment(config: Pick<Config, 'payment' | 'publicUrl' | 'baseUrl'>, log: AdapterLog): PaymentPort {
  const payment = config.payment;
  if (payment.adapter === 'omnikassa') {
    return createOmnikassaPayment({ refreshToken: payment.refreshToken, signingKey: payment.signingKey, baseUrl: payment.baseUrl });
  }
  const publicHttps = config.publicUrl?.startsWith('https:') ?? false;
  if (publicHttps && !payment.allowedOnHttps) {
    const refusal = `PAYMENT_ADAPTER=simulated refused on the https address ${config.publicUrl}: orders would be marked paid without money. Configure Omnikassa, or set PAYMENT_SIMULATED_ALLOWED=true for a test shop.`;
    log(refusal, 'warn');
    throw new Error(`Invalid configuration: ${refusal}`);
  }
  log(
    publicHttps
      ? `Simulated payments on the https address ${config.publicUrl} (PAYMENT_SIMULATED_ALLOWED=true): orders are marked paid without money; never use this for a real shop.`
      : 'Simulated payments (PAYMENT_ADAPTER=simulated): orders are marked paid without money; not for a real shop.',
    'warn',
  );
  return createSimulatedPayment({ baseUrl: config.baseUrl });
}

/** SMTP when `SMTP_URL` is set; otherwise every mail goes to the outbox folder and its link into the log. */
function createMailer(config: Config, log: AdapterLog): MailerPort {
  const { smtpUrl, from, outboxDir } = config.mail;
  if (smtpUrl) return createSmtpMailer({ url: smtpUrl, from });
  return createOutboxMailer({ dir: outboxDir, from, log: (line, link) => log(link ? `${line}; link: ${link}` : line) });
}

function createRegistry(config: Config, db: Database): RegistryPort {
  const registry = config.registry;
  switch (registry.adapter) {
    case 'rdap':
      return createRdapRegistry({ baseUrlOverride: registry.rdapBaseUrl });
    case 'whois':
      return createWhoisRegistry({ serverOverride: registry.whoisServer });
    case 'simulated': {
      return createSimulatedRegistry({
        latencyMs: registry.simulatedLatencyMs,
        failureRate: registry.simulatedFailureRate,
        wellKnown: wellKnownNames,
        isRegisteredInShop: batchedOwnershipCheck(db),
      });
    }
  }
}

async function createCaptcha(config: Config, db: Database): Promise<CaptchaPort> {
  const captcha = config.captcha;
  if (captcha.adapter === 'recaptcha') {
    return createRecaptchaCaptcha({ siteKey: captcha.siteKey, secretKey: captcha.secretKey, verifyUrl: captcha.verifyUrl });
  }
  return createAltchaCaptcha({
    hmacKey: await getOrCreateSecret(db, 'altcha_hmac_key'),
    maxNumber: captcha.maxNumber,
    store: createDatabaseSpentTokenStore(db),
  });
}

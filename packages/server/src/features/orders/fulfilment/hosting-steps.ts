import type { THostingPackage } from '@kavel/core';
import type { ChangeAnswer, CreateAccountAnswer } from '../../../ports/provisioning/provisioning-port.ts';
import type { DomainLines } from './domain-steps.ts';
import type { OrderLineRow } from './fulfilment-repository.ts';
import { clientRefOf, field, nothingToWrite, permanent, succeed, transient, type OrderContext, type StepDefinition, type StepDeps, type StepOutcome } from './fulfilment-step.ts';

type ProvisioningFailure = Exclude<CreateAccountAnswer | ChangeAnswer, { ok: true }>;

function provisioningFailure(call: string, answer: ProvisioningFailure): StepOutcome {
  const error = `provisioning ${call}: ${answer.reason}${answer.detail ? ` (${answer.detail})` : ''}`;
  return answer.reason === 'unreachable' ? transient(error) : permanent(error);
}

/** An undo that finds the account already gone has nothing left to do. */
function undoAnswer(call: string, answer: ChangeAnswer, then: StepOutcome): StepOutcome {
  if (answer.ok || answer.reason === 'unknown-account') return then;
  return provisioningFailure(call, answer);
}

/** The account this order works on: made by an earlier step of it, or the customer's already. */
async function accountOf(order: OrderContext, deps: StepDeps, domain: string) {
  const account = await deps.hosting.findByDomain(domain);
  return account && account.customerId === order.customerId ? account : null;
}

/** The sites a reseller package allows (`websites:N`); 1 when the package is gone from the catalogue. */
function sitesOf(pkg: THostingPackage | undefined): number {
  const feature = pkg?.features.find((candidate) => candidate.startsWith('websites:'));
  return Math.max(1, Number(feature?.slice('websites:'.length)) || 1);
}

/** A new hosting account on the platform (with the free CMS install, if chosen), then our row. */
export function createHostingStep(order: OrderContext, deps: StepDeps, lines: DomainLines, pkg: OrderLineRow): StepDefinition {
  const name = lines.domain.title.toLowerCase();
  const clientRef = clientRefOf(order.orderId, pkg.unique);
  const install = lines.children.find((child) => child.productType === 'FREE_INSTALL');
  return {
    key: `create-hosting:${name}`,
    async run() {
      const existing = await deps.hosting.findByDomain(name);
      // Made by this very step in a run that lost its lease half-way: completing it writes nothing new.
      if (existing?.orderId === order.orderId) return succeed(async () => ({ accountId: existing.id, providerRef: existing.providerRef }));
      if (existing) return permanent(`${name} already has a hosting account`);
      // A reseller package is a reseller account, with the number of sites its `websites:N` feature gives.
      const sites = pkg.productType === 'RESELLER_PACKAGE' ? sitesOf(await deps.hostingPackage(pkg.productId)) : null;
      const answer = await deps.provisioning.createAccount({
        resellerSites: sites,
        clientRef,
        domain: name,
        packageCode: pkg.productCode,
        cmsInstall: install?.productCode ?? null,
        customerRef: `customer-${order.customerId}`,
      });
      if (!answer.ok) return provisioningFailure('createAccount', answer);
      return succeed(async (tx) => {
        const accountId = await deps.hosting.insertAccount(tx, {
          customerId: order.customerId,
          domain: name,
          productId: pkg.productId,
          productCode: pkg.productCode,
          username: answer.username,
          providerRef: answer.providerRef,
          cmsInstall: install?.productCode ?? null,
          orderId: order.orderId,
        });
        return { accountId, providerRef: answer.providerRef };
      });
    },
    async undo(result) {
      const accountId = field(result, 'accountId', 'number');
      const answer = await deps.provisioning.deleteAccount(field(result, 'providerRef', 'string'));
      return undoAnswer(
        'deleteAccount',
        answer,
        succeed(async (tx) => {
          await deps.hosting.removeAccount(tx, accountId);
          return result;
        }),
      );
    },
  };
}

/** Another package for the customer's account on an invoiced domain; undo puts the old one back. */
export function changePackageStep(order: OrderContext, deps: StepDeps, lines: DomainLines, pkg: OrderLineRow): StepDefinition {
  const name = lines.domain.title.toLowerCase();
  const clientRef = clientRefOf(order.orderId, pkg.unique);
  return {
    key: `change-package:${name}`,
    async run() {
      const account = await accountOf(order, deps, name);
      if (!account) return permanent(`${name} has no hosting account of the customer`);
      const answer = await deps.provisioning.changePackage(account.providerRef, pkg.productCode, clientRef);
      if (!answer.ok) return provisioningFailure('changePackage', answer);
      // Read before the write of this step, so a repeat after a crash still sees the old package.
      const previous = { previousProductId: account.productId, previousProductCode: account.productCode };
      return succeed(async (tx) => {
        await deps.hosting.setPackage(tx, account.id, pkg.productId, pkg.productCode);
        return { accountId: account.id, providerRef: account.providerRef, ...previous };
      });
    },
    async undo(result) {
      const accountId = field(result, 'accountId', 'number');
      const productId = field(result, 'previousProductId', 'number');
      const productCode = field(result, 'previousProductCode', 'string');
      const answer = await deps.provisioning.changePackage(field(result, 'providerRef', 'string'), productCode, `${clientRef}:undo`);
      if (!answer.ok) return provisioningFailure('changePackage (undo)', answer);
      return succeed(async (tx) => {
        await deps.hosting.setPackage(tx, accountId, productId, productCode);
        return result;
      });
    },
  };
}

/** An extra service on the domain's account (made earlier in this order, or the customer's). */
export function addExtraStep(order: OrderContext, deps: StepDeps, lines: DomainLines, extra: OrderLineRow): StepDefinition {
  const name = lines.domain.title.toLowerCase();
  const clientRef = clientRefOf(order.orderId, extra.unique);
  return {
    key: `add-extra:${name}:${extra.productCode}`,
    async run() {
      const account = await accountOf(order, deps, name);
      if (!account) return permanent(`${name} has no hosting account of the customer for ${extra.productCode}`);
      const answer = await deps.provisioning.addExtra(account.providerRef, extra.productCode, clientRef);
      if (!answer.ok) return provisioningFailure('addExtra', answer);
      return succeed(async (tx) => {
        const inserted = await deps.hosting.addExtra(tx, account.id, { productId: extra.productId, productCode: extra.productCode, orderId: order.orderId });
        return { accountId: account.id, providerRef: account.providerRef, inserted };
      });
    },
    async undo(result) {
      // The account had the extra before this order: the undo leaves it.
      if (result.inserted !== true) return succeed(nothingToWrite);
      const accountId = field(result, 'accountId', 'number');
      const answer = await deps.provisioning.removeExtra(field(result, 'providerRef', 'string'), extra.productCode);
      return undoAnswer(
        'removeExtra',
        answer,
        succeed(async (tx) => {
          await deps.hosting.removeExtra(tx, accountId, extra.productId);
          return result;
        }),
      );
    },
  };
}

import { newDomainSteps, redirectStep, type DomainLines } from './domain-steps.ts';
import type { OrderLineRow } from './fulfilment-repository.ts';
import type { OrderContext, StepDefinition, StepDeps } from './fulfilment-step.ts';
import { addExtraStep, changePackageStep, createHostingStep } from './hosting-steps.ts';
import { assignedDomainOf, cloudflarePlanStep } from './cloudflare-steps.ts';
import { certificateNamesOf, sslCertificateStep } from './ssl-steps.ts';
import { vpsStep } from './vps-steps.ts';

const isPackage = (line: OrderLineRow) => line.productType === 'LINUX_PACKAGE' || line.productType === 'RESELLER_PACKAGE';
const CHANGE_PACKAGE = 'change-package:';

/** The order's domains with the lines under each, in the order they were bought. */
export function domainLinesOf(lines: readonly OrderLineRow[]): DomainLines[] {
  return lines
    .filter((line) => line.parentUnique === null && (line.productType === 'DOMAIN' || line.productType === 'DOMAIN_TRANSFER'))
    .map((domain) => ({ domain, children: lines.filter((line) => line.parentUnique === domain.unique) }));
}

/**
 * Domains the customer already has that get a (new) package in this order: whether each has a
 * hosting account decides between creating one and changing its package. Asked once, when the
 * plan is made; afterwards the stored steps say it (`upgradedDomainsOf`), since the account that
 * the plan creates would otherwise turn a later run's plan into a change.
 */
export function packageTargetsOf(lines: readonly OrderLineRow[]): string[] {
  return domainLinesOf(lines)
    .filter(({ domain, children }) => domain.invoiced && children.some((child) => isPackage(child) && !child.invoiced))
    .map(({ domain }) => domain.title.toLowerCase());
}

export function upgradedDomainsOf(storedKeys: readonly string[]): Set<string> {
  return new Set(storedKeys.filter((key) => key.startsWith(CHANGE_PACKAGE)).map((key) => key.slice(CHANGE_PACKAGE.length)));
}

/** Keys made unique within the order: a second line with the same name gets `#2`, and so on. */
function keyMaker(): (base: string) => string {
  const seen = new Map<string, number>();
  return (base) => {
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? base : `${base}#${count}`;
  };
}

/**
 * The order app's single products (top-level lines): Cloudflare plans (on a domain that earlier
 * steps may have just registered), virtual servers, then certificates, which wait longest (the
 * authority's validation) and should not hold up the others.
 */
function singleProductSteps(order: OrderContext, deps: StepDeps, lines: readonly OrderLineRow[]): StepDefinition[] {
  const topLevel = lines.filter((line) => line.parentUnique === null && !line.invoiced);
  const keyOf = keyMaker();
  const vpsLines = topLevel.filter((line) => line.productType === 'VPS_PACKAGE');
  return [
    ...topLevel.filter((line) => line.productType === 'CLOUDFLARE_PLAN').map((line) => cloudflarePlanStep(order, deps, line, keyOf(`cloudflare:${assignedDomainOf(line)}`))),
    ...vpsLines.map((line, index) => vpsStep(order, deps, line, keyOf(`vps:${line.productCode}`), index + 1)),
    ...topLevel.filter((line) => line.productType === 'SSL_CERTIFICATE').map((line) => sslCertificateStep(order, deps, line, keyOf(`ssl-certificate:${certificateNamesOf(line).commonName}`))),
  ];
}

/**
 * The steps that deliver an order, from its lines. Per domain, in order: registration or
 * transfer, the domain row, its zone (new domains only); the forward; the hosting account or
 * the package change; the extras. Per domain rather than per kind, so that everything of one
 * domain is in place before the next domain's registry call, and a failure there undoes whole
 * domains. Transfers come after the rest: a transfer waits for the losing registrar's period,
 * and what can be delivered at once should not wait with it. Invoiced lines (what the customer
 * already has) need no step of their own. The order app's single products follow the domains.
 */
export function planSteps(order: OrderContext, deps: StepDeps, lines: readonly OrderLineRow[], upgradedDomains: ReadonlySet<string>): StepDefinition[] {
  const steps: StepDefinition[] = [];
  const isTransfer = ({ domain }: DomainLines) => !domain.invoiced && domain.productType === 'DOMAIN_TRANSFER';
  const domains = domainLinesOf(lines);
  for (const domainLines of [...domains.filter((one) => !isTransfer(one)), ...domains.filter(isTransfer)]) {
    const { domain, children } = domainLines;
    const name = domain.title.toLowerCase();
    if (!domain.invoiced) steps.push(...newDomainSteps(order, deps, domainLines));
    const redirect = children.find((child) => child.productType === 'REDIRECT' && !child.invoiced);
    if (redirect) steps.push(redirectStep(order, deps, domainLines, redirect));
    const pkg = children.find((child) => isPackage(child) && !child.invoiced);
    if (pkg) steps.push(domain.invoiced && upgradedDomains.has(name) ? changePackageStep(order, deps, domainLines, pkg) : createHostingStep(order, deps, domainLines, pkg));
    for (const extra of children.filter((child) => child.productType === 'EXTRA_SERVICE' && !child.invoiced)) steps.push(addExtraStep(order, deps, domainLines, extra));
  }
  steps.push(...singleProductSteps(order, deps, lines));
  const keys = new Set(steps.map((step) => step.key));
  if (keys.size !== steps.length) throw new Error(`order ${order.orderId}: two steps with one key`);
  return steps;
}

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's violations inside `selector` (the page must be opened with `bypassCSP` to inject it). */
export async function axeViolations(page: Page, selector = 'body'): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async (context) => {
    const axe = (window as unknown as { axe: { run(context: string): Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }> } }).axe;
    const result = await axe.run(context);
    return result.violations.map((violation) => `${violation.id}: ${JSON.stringify(violation.nodes.map((node) => node.target))}`);
  }, selector);
}

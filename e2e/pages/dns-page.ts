import type { Locator, Page } from 'playwright-core';

export interface RecordFields {
  name: string;
  type: string;
  value: string;
  /** MX priorities are a list to choose from, SRV's a number to type. */
  priority?: string;
  ttl?: string;
}

/** Fills a DNS record form (the add form, or a row's edit form) as a person would, and sends it. */
export async function fillRecordForm(form: Locator, record: RecordFields, submitName = 'Record toevoegen'): Promise<void> {
  await form.getByLabel('Type').selectOption(record.type);
  await form.getByLabel('Naam').fill(record.name);
  if (record.priority !== undefined) {
    const priority = form.getByLabel('Prioriteit');
    if (record.type === 'MX') await priority.selectOption(record.priority);
    else await priority.fill(record.priority);
  }
  await form.getByLabel('Waarde').fill(record.value);
  if (record.ttl !== undefined) await form.getByLabel('TTL (seconden)').fill(record.ttl);
  await form.getByRole('button', { name: submitName }).click();
}

/** The open modal's text, after which it is closed ('Sluiten'). */
export async function closeModal(page: Page, testId: string): Promise<string> {
  const modal = page.getByTestId(testId);
  await modal.waitFor();
  const text = (await modal.textContent()) ?? '';
  await modal.getByRole('button', { name: 'Sluiten' }).click();
  await modal.waitFor({ state: 'hidden' });
  return text;
}

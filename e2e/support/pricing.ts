import type { PricingProgramData } from '@freight/contracts';
import { expect, type Locator, type Page } from '@playwright/test';
import { apiCall } from './api';

/** Admin > Pricing's words in each language, as the scenarios drive the page. */
const WORDS = {
  en: {
    list: 'The default program and every account with a program of its own',
    search: 'Type to search accounts',
    open: 'Open its program',
    program: (account: string) => `Pricing program of ${account}`,
    editor: /^(Change the program|Edit the draft)$/,
    draft: 'Draft',
    addLane: 'Add a contract lane',
    lane: /^Contract lane \d+/,
    name: 'Name',
    origin: /^Origin ZIP3 zones/,
    destination: /^Destination ZIP3 zones/,
    price: 'Price',
    maxWeight: /^Weight up to/,
    note: 'Note',
    save: 'Save draft',
    saved: 'Draft saved',
    preview: 'Preview',
    previewRegion: 'Preview: the draft on the newest quotes',
    publish: 'Publish',
    confirm: /^Publish version \d+ from/,
    published: /^Version \d+ published$/,
  },
  es: {
    list: 'El programa predeterminado y cada cuenta con un programa propio',
    search: 'Escriba para buscar cuentas',
    open: 'Abrir su programa',
    program: (account: string) => `Programa de precios de ${account}`,
    editor: /^(Cambiar el programa|Editar el borrador)$/,
    draft: 'Borrador',
    addLane: 'Agregar una ruta por contrato',
    lane: /^Ruta por contrato \d+/,
    name: 'Nombre',
    origin: /^Origen: zonas ZIP3/,
    destination: /^Destino: zonas ZIP3/,
    price: 'Precio',
    maxWeight: /^Peso hasta/,
    note: 'Nota',
    save: 'Guardar borrador',
    saved: 'Borrador guardado',
    preview: 'Previsualizar',
    previewRegion: 'Vista previa: el borrador con las cotizaciones más recientes',
    publish: 'Publicar',
    confirm: /^¿Publicar la versión \d+ desde/,
    published: /^Versión \d+ publicada$/,
  },
} as const;

export type PricingLanguage = keyof typeof WORDS;

export interface ContractLaneFields {
  name: string;
  /** ZIP3 zones, comma-separated ('606, 607'). */
  origin: string;
  destination: string;
  /** Dollars, as typed ('480'). */
  price: string;
  /** Pounds, not included. */
  maxWeight?: string;
}

/**
 * From Admin > Pricing, an account's program page: its row in the list, or (an account without a
 * program yet) found with the account search, whose page starts the program.
 */
export async function openAccountProgram(page: Page, account: string, language: PricingLanguage = 'en') {
  const w = WORDS[language];
  await page.goto('/admin/pricing');
  const list = page.getByRole('table', { name: w.list });
  // The list first: counted before it lands, an account with a program would be looked for with the
  // search (which leaves such accounts out); and the list landing after the search is typed pushes
  // the field down, on a phone out of the window, where its options are hidden.
  await expect(list).toBeVisible();
  const row = list.getByRole('link', { name: account, exact: true });
  if (await row.count()) await row.click();
  else {
    await page.getByPlaceholder(w.search).fill(account);
    await page.getByRole('option', { name: account }).click();
    await page.getByRole('button', { name: w.open }).click();
  }
  await expect(page.getByRole('heading', { name: w.program(account) })).toBeVisible();
}

/** Opens the program's draft editor (a new draft or the one left before): its region. */
export async function openDraft(page: Page, language: PricingLanguage = 'en'): Promise<Locator> {
  const w = WORDS[language];
  await page.getByRole('button', { name: w.editor }).click();
  return page.getByRole('region', { name: w.draft });
}

/** Adds a contract lane at the end of the draft's lanes (LTL, the editor's first mode) and fills it. */
export async function addContractLane(draft: Locator, lane: ContractLaneFields, language: PricingLanguage = 'en') {
  const w = WORDS[language];
  await draft.getByRole('button', { name: w.addLane }).click();
  const group = draft.getByRole('group', { name: w.lane }).last();
  await group.getByRole('textbox', { name: w.name }).fill(lane.name);
  await group.getByRole('textbox', { name: w.origin }).fill(lane.origin);
  await group.getByRole('textbox', { name: w.destination }).fill(lane.destination);
  await group.getByRole('textbox', { name: w.price, exact: true }).fill(lane.price);
  if (lane.maxWeight) await group.getByRole('textbox', { name: w.maxWeight }).fill(lane.maxWeight);
  return group;
}

/** Saves the draft with its note. */
export async function saveDraft(page: Page, draft: Locator, note: string, language: PricingLanguage = 'en') {
  const w = WORDS[language];
  await draft.getByLabel(w.note).fill(note);
  await draft.getByRole('button', { name: w.save }).click();
  await expect(page.getByText(w.saved)).toBeVisible();
}

/** Previews the saved draft on the newest quotes: the preview's region. */
export async function previewDraft(page: Page, draft: Locator, language: PricingLanguage = 'en') {
  const w = WORDS[language];
  await draft.getByRole('button', { name: w.preview }).click();
  const preview = page.getByRole('region', { name: w.previewRegion });
  await expect(preview).toBeVisible();
  return preview;
}

/** Publishes the previewed draft from the date the form proposes (the server's today), through its confirmation. */
export async function publishDraft(page: Page, draft: Locator, language: PricingLanguage = 'en') {
  const w = WORDS[language];
  await draft.getByRole('button', { name: w.publish }).click();
  const confirm = page.getByRole('dialog', { name: w.confirm });
  await confirm.getByRole('button', { name: w.publish }).click();
  await expect(page.getByText(w.published)).toBeVisible();
}

/** An account's program gains a contract lane, saved, previewed and published from today. */
export async function publishContractLane(page: Page, account: string, lane: ContractLaneFields, language: PricingLanguage = 'en') {
  await openAccountProgram(page, account, language);
  const draft = await openDraft(page, language);
  await addContractLane(draft, lane, language);
  await saveDraft(page, draft, `${lane.name} agreed with the shipper`, language);
  await previewDraft(page, draft, language);
  await publishDraft(page, draft, language);
}

/**
 * An account's program, published from today (the server's, as the editor proposes) through the
 * API the editor calls, by the pricing staff signed in on `page`: a scenario that reads a program
 * of its own account's. `program` is made from the server's today, for a lane's valid days.
 */
export async function publishProgram(page: Page, accountId: string, program: (today: string) => PricingProgramData) {
  const path = `/api/admin/pricing-programs/${accountId}`;
  const { today } = await apiCall<{ today: string }>(page, 'GET', path);
  await apiCall(page, 'PUT', `${path}/draft`, { program: program(today), note: 'Agreed with the shipper' });
  await apiCall(page, 'POST', `${path}/draft/preview`, {});
  await apiCall(page, 'POST', `${path}/draft/publish`, { effective_date: today });
}

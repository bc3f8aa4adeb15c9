import { expect } from '@playwright/test';
import { defineTutorial } from '../director';

const HEADER =
  'company,first_name,last_name,email,phone,street1,street2,street3,street4,street5,city,state,postal_code,country,' +
  'interior_number,exterior_number,neighborhood,location_type,limited_access,liftgate_recommended,opens_at,closes_at';
const row = (company: string, city: string, state: string, zip: string, street: string) =>
  `${company},Ana,Ruiz,receiving@example.test,(404) 555-0101,${street},,,,,${city},${state},${zip},US,,,,commercial,no,no,08:00,17:00`;

/** Three customers, one without its city: the import reports that row and takes the other two. */
const CSV = [
  HEADER,
  row('Riverside Plastics', 'Dallas', 'TX', '75201', '1601 Elm St'),
  row('Magnolia Textiles', '', 'GA', '30303', '55 Park Pl NE'),
  row('Bluebonnet Foods', 'Atlanta', 'GA', '30303', '200 Peachtree St NW'),
].join('\n');

export default defineTutorial({
  slug: 'address-book-import',
  title: { en: 'The address book and its CSV import', es: 'La libreta de direcciones y su importación CSV' },
  user: 'shipper@demo.test',
  async prepare(page) {
    await page.goto('/address-book');
    await expect(page.getByText('Lakeshore Industrial Supply')).toBeVisible();
  },
  async run(t) {
    const { page } = t;
    t.chapter({ en: 'Your addresses', es: 'Sus direcciones' });
    await t.step(
      {
        en: 'Addresses keeps the places you ship from and to, ready to pick in any quote or booking.',
        es: 'Direcciones guarda los lugares desde y hacia donde envía, listos para elegir al cotizar o reservar.',
      },
      () => t.point(page.getByRole('table'), 1800),
    );
    await t.step(
      {
        en: 'Search by company, contact, street, city or ZIP code.',
        es: 'Busque por empresa, contacto, calle, ciudad o código postal.',
      },
      async () => {
        await t.type(page.getByLabel('Search addresses'), 'Chicago');
        await t.pause(900);
        await page.getByLabel('Search addresses').fill('');
      },
    );

    t.chapter({ en: 'Import a CSV file', es: 'Importar un archivo CSV' });
    const dialog = page.getByRole('dialog', { name: 'Upload addresses (CSV)' });
    await t.step(
      {
        en: 'To add many at once, upload a CSV file. Start from the template: it has the columns in order.',
        es: 'Para agregar muchas a la vez, suba un archivo CSV. Parta de la plantilla: trae las columnas en orden.',
      },
      async () => {
        await t.click(page.getByRole('button', { name: 'Upload CSV' }));
        await expect(dialog).toBeVisible();
        await t.point(dialog.getByRole('button', { name: 'Download template' }), 1500);
      },
    );
    await t.step(
      {
        en: 'Choose your file and check it. Nothing is saved yet.',
        es: 'Elija su archivo y revíselo. Todavía no se guarda nada.',
      },
      async () => {
        const input = dialog.getByLabel('CSV file');
        await t.point(input, 600);
        await input.setInputFiles({ name: 'customers.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
        await t.pause(500);
        await t.click(dialog.getByRole('button', { name: 'Check file' }));
        await expect(dialog.getByText('3 rows in the file')).toBeVisible();
      },
    );
    await t.step(
      {
        en: 'The check reports each row with an error: its line, its column and the reason.',
        es: 'La revisión indica cada fila con error: su línea, su columna y el motivo.',
      },
      async () => {
        t.poster();
        await t.point(dialog.getByRole('region', { name: 'Rows with errors' }), 2000);
      },
    );
    await t.step(
      {
        en: 'Fix the file and check it again, or import the good rows now.',
        es: 'Corrija el archivo y revíselo de nuevo, o importe ahora las filas correctas.',
      },
      async () => {
        await t.click(dialog.getByRole('button', { name: 'Import 2 rows' }));
        await expect(dialog.getByText('2 rows imported.')).toBeVisible();
        await t.pause(600);
        await t.click(dialog.getByRole('button', { name: 'Close' }));
      },
    );
    await t.step(
      {
        en: 'The new addresses are in your book, ready for your next shipment.',
        es: 'Las nuevas direcciones ya están en su libreta, listas para su próximo envío.',
      },
      async () => {
        await t.type(page.getByLabel('Search addresses'), 'Riverside');
        await expect(page.getByRole('row').filter({ hasText: 'Riverside Plastics' })).toBeVisible();
        await t.pause(600);
      },
    );
    await t.step(
      {
        en: 'Export CSV downloads the book, or what your search shows, in the same format.',
        es: 'Exportar CSV descarga la libreta, o lo que muestra su búsqueda, en el mismo formato.',
      },
      () => t.point(page.getByRole('button', { name: 'Export CSV' }), 1500),
    );
  },
});

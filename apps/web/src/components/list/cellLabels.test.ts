import { describe, expect, it } from 'vitest';
import { labelCells } from './cellLabels';

const table = (html: string) => {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
};

describe('labelCells', () => {
  it("writes each body cell's column name, without the header's hidden arrow", () => {
    const root = table(`<table>
      <thead><tr><th><button>Status<span aria-hidden="true">▲</span></button></th><th>Route</th><th><span class="visually-hidden">Actions</span></th></tr></thead>
      <tbody><tr><td>Delivered</td><td>Toronto, ON → Montréal, QC</td><td><button>⋯</button></td></tr></tbody>
    </table>`);
    labelCells(root);
    expect([...root.querySelectorAll('td')].map((td) => td.dataset.label)).toEqual(['Status', 'Route', 'Actions']);
  });

  it('gives a column whose header has no words (a select box) an empty label, and counts spanning cells', () => {
    const root = table(`<table>
      <thead><tr><th><input type="checkbox" aria-label="Select all"></th><th>Date</th><th>Doc #</th><th>Total</th></tr></thead>
      <tbody>
        <tr><td><input type="checkbox"></td><td colspan="2">5 Jan 2026</td><td>$10.00</td></tr>
      </tbody>
    </table>`);
    labelCells(root);
    expect([...root.querySelectorAll('td')].map((td) => td.dataset.label)).toEqual(['', 'Date', 'Total']);
  });

  it('labels the rows of every table under the root, again after they change', () => {
    const root = table(`<table><thead><tr><th>City</th></tr></thead><tbody><tr><td>Monterrey</td></tr></tbody></table>`);
    labelCells(root);
    const body = root.querySelector('tbody');
    body?.insertAdjacentHTML('beforeend', '<tr><td>Toronto</td></tr>');
    labelCells(root);
    expect([...root.querySelectorAll('td')].map((td) => td.dataset.label)).toEqual(['City', 'City']);
  });
});

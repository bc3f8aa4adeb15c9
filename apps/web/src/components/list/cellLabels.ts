/** A header cell's words as a reader sees or hears them: its text without the parts hidden from both (a sort arrow). */
function headerText(th: Element): string {
  let text = '';
  const walker = th.ownerDocument.createTreeWalker(th, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode: (node) =>
      node instanceof Element && node.getAttribute('aria-hidden') === 'true' ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT,
  });
  for (let node = walker.nextNode(); node; node = walker.nextNode()) if (node.nodeType === Node.TEXT_NODE) text += node.textContent;
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Writes on every body cell of the tables under `root` the name of its column (`data-label`), so
 * the phone layout (ResponsiveTable.css) can show it beside the value. Spanning cells count for
 * their columns; a column whose header has no words (a select box) gives an empty label.
 */
export function labelCells(root: ParentNode) {
  for (const table of root.querySelectorAll('table')) {
    const labels = [...table.querySelectorAll(':scope > thead > tr:first-child > th')].flatMap((th) =>
      Array<string>((th as HTMLTableCellElement).colSpan || 1).fill(headerText(th)),
    );
    for (const row of table.querySelectorAll(':scope > tbody > tr')) {
      let column = 0;
      for (const cell of row.children) {
        cell.setAttribute('data-label', labels[column] ?? '');
        column += (cell as HTMLTableCellElement).colSpan || 1;
      }
    }
  }
}

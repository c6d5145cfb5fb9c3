// Spendline dashboard behaviour. Everything here is progressive: every page works without it.
// No inline scripts exist, so the content security policy can forbid them.
document.addEventListener("DOMContentLoaded", () => {
  // Copy buttons: <button data-copy="#id"> copies the text of the element #id.
  document.querySelectorAll("[data-copy]").forEach((button) => {
    button.addEventListener("click", async () => {
      const source = document.querySelector(button.dataset.copy);
      if (!source) return;
      const text = source.value !== undefined ? source.value : source.textContent;
      try {
        await navigator.clipboard.writeText(text.trim());
        button.textContent = "Copied";
      } catch (e) {
        // Clipboard access can be refused (insecure origin, permissions): select for a manual copy.
        const range = document.createRange();
        range.selectNodeContents(source);
        const selection = window.getSelection();
        selection.removeAllRanges();
        selection.addRange(range);
        button.textContent = "Press Ctrl+C";
      }
    });
  });
});

// Phones: a table of four columns or more becomes one card per row (app.css, under 760 px), each cell
// labelled with its column's heading, so nothing needs a sideways scroll. Tables that htmx swaps in
// (the live figures) are labelled as they arrive. Idempotent: a table is labelled once per cell.
function labelTables(root) {
  if (!root || !root.querySelectorAll) return;
  const tables = root.matches && root.matches("table") ? [root] : root.querySelectorAll("table");
  tables.forEach((table) => {
    const headings = Array.from(table.querySelectorAll("thead tr:last-child th")).map((th) =>
      th.textContent.replace(/\s+/g, " ").trim());
    if (headings.length < 4) return;
    table.classList.add("stacked");
    table.querySelectorAll("tbody tr, tfoot tr").forEach((row) => {
      Array.from(row.children).forEach((cell, i) => {
        if (headings[i] && !cell.hasAttribute("data-label")) cell.setAttribute("data-label", headings[i]);
      });
    });
  });
}
document.addEventListener("DOMContentLoaded", () => labelTables(document));
document.addEventListener("htmx:load", (event) => labelTables(event.target));

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

// Live regions poll with htmx (hx-trigger="every 1s"). A hidden tab does not need fresh figures:
// its polls are skipped, and the next one after the tab is shown again brings the region up to date.
document.addEventListener("htmx:beforeRequest", (event) => {
  if (document.hidden && event.detail.elt.hasAttribute("hx-trigger")) {
    event.preventDefault();
  }
});

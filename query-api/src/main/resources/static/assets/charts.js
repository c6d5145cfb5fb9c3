// Draws every <canvas data-chart='{"label","unit","labels","values"}'> with Chart.js (from its
// WebJar), on load and again when htmx swaps in a live fragment. The figures are in a table beside
// each chart too; the chart is a picture of them.
(() => {
  const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
  const number = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

  function draw(root) {
    if (typeof Chart === "undefined") return;
    root.querySelectorAll("canvas[data-chart]").forEach((canvas) => {
      const data = JSON.parse(canvas.dataset.chart);
      const format = data.unit === "usd" ? (v) => usd.format(v) : (v) => number.format(v);
      const existing = Chart.getChart(canvas);
      if (existing) existing.destroy();
      new Chart(canvas, {
        type: "bar",
        data: {
          labels: data.labels,
          datasets: [{ label: data.label, data: data.values, backgroundColor: "#1d4ed8" }],
        },
        options: {
          // Live fragments are redrawn every second: animating each redraw would flicker.
          animation: false,
          maintainAspectRatio: false,
          plugins: {
            legend: { display: false },
            tooltip: { callbacks: { label: (c) => format(c.parsed.y) } },
          },
          scales: { y: { beginAtZero: true, ticks: { callback: (v) => format(v) } } },
        },
      });
    });
  }

  // A colour per series of a stacked chart, cycling when there are more series than colours.
  const palette = ["#1d4ed8", "#0f766e", "#b45309", "#7c3aed", "#be123c", "#4d7c0f", "#0369a1", "#a16207",
    "#9333ea", "#475569"];

  // <canvas data-stacked-chart='{"unit","labels","series":[{"label","values"}]}'>: one bar per
  // label (a period), stacked by series (a value of the grouping), so a bar is the period's total.
  function drawStacked(root) {
    if (typeof Chart === "undefined") return;
    root.querySelectorAll("canvas[data-stacked-chart]").forEach((canvas) => {
      const data = JSON.parse(canvas.dataset.stackedChart);
      const format = data.unit === "usd" ? (v) => usd.format(v) : (v) => number.format(v);
      const existing = Chart.getChart(canvas);
      if (existing) existing.destroy();
      new Chart(canvas, {
        type: "bar",
        data: {
          labels: data.labels,
          datasets: data.series.map((s, i) => ({
            label: s.label, data: s.values, backgroundColor: palette[i % palette.length],
          })),
        },
        options: {
          animation: false,
          maintainAspectRatio: false,
          plugins: {
            legend: { display: true, position: "bottom" },
            tooltip: { callbacks: { label: (c) => c.dataset.label + ": " + format(c.parsed.y) } },
          },
          scales: {
            x: { stacked: true },
            y: { stacked: true, beginAtZero: true, ticks: { callback: (v) => format(v) } },
          },
        },
      });
    });
  }

  document.addEventListener("DOMContentLoaded", () => { draw(document); drawStacked(document); });
  // htmx:load fires for every element htmx swaps in.
  document.addEventListener("htmx:load", (event) => { draw(event.detail.elt); drawStacked(event.detail.elt); });
})();

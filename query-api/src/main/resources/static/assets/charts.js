// Draws every <canvas data-chart='{"label","unit","labels","values"}'> and every
// <canvas data-stacked-chart='{"unit","labels","series":[{"label","values"}]}'> with Chart.js (from
// its WebJar), on load and again when htmx swaps in a live fragment. The figures are in a table
// beside each chart too; the chart is a picture of them.
(() => {
  const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
  const number = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

  // A colour per series of a stacked chart, cycling when there are more series than colours.
  const palette = ["#1d4ed8", "#0f766e", "#b45309", "#7c3aed", "#be123c", "#4d7c0f", "#0369a1", "#a16207",
    "#9333ea", "#475569"];

  // One bar per label.
  function single(data, format) {
    return {
      data: {
        labels: data.labels,
        datasets: [{ label: data.label, data: data.values, backgroundColor: "#1d4ed8" }],
      },
      legend: { display: false },
      tooltip: (c) => format(c.parsed.y),
      stacked: false,
    };
  }

  // One bar per label (a period), stacked by series (a value of the grouping), so a bar is the
  // period's total.
  function stacked(data, format) {
    return {
      data: {
        labels: data.labels,
        datasets: data.series.map((s, i) => ({
          label: s.label, data: s.values, backgroundColor: palette[i % palette.length],
        })),
      },
      legend: { display: true, position: "bottom" },
      tooltip: (c) => c.dataset.label + ": " + format(c.parsed.y),
      stacked: true,
    };
  }

  // Draws (or redraws) the canvases under root that carry the data attribute, shaped by chart().
  function drawAll(root, selector, attribute, chart) {
    if (typeof Chart === "undefined") return;
    root.querySelectorAll(selector).forEach((canvas) => {
      const data = JSON.parse(canvas.dataset[attribute]);
      const format = data.unit === "usd" ? (v) => usd.format(v) : (v) => number.format(v);
      const shape = chart(data, format);
      const existing = Chart.getChart(canvas);
      if (existing) existing.destroy();
      new Chart(canvas, {
        type: "bar",
        data: shape.data,
        options: {
          // Live fragments are redrawn every second: animating each redraw would flicker.
          animation: false,
          maintainAspectRatio: false,
          plugins: {
            legend: shape.legend,
            tooltip: { callbacks: { label: shape.tooltip } },
          },
          scales: {
            x: { stacked: shape.stacked },
            y: { stacked: shape.stacked, beginAtZero: true, ticks: { callback: (v) => format(v) } },
          },
        },
      });
    });
  }

  function draw(root) {
    drawAll(root, "canvas[data-chart]", "chart", single);
    drawAll(root, "canvas[data-stacked-chart]", "stackedChart", stacked);
  }

  document.addEventListener("DOMContentLoaded", () => draw(document));
  // htmx:load fires for every element htmx swaps in.
  document.addEventListener("htmx:load", (event) => draw(event.detail.elt));
})();

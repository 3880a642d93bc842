/**
 * The overview's inline script: draws each chart the page data describes with Chart.js (loaded
 * before it from Gatehouse), then folds the tables away. Without JavaScript, or if Chart.js did not
 * load, the charts stay hidden and the tables open: the numbers are always on the page. A line
 * spans periods without a rate (nothing to divide), so the tables are where a gap shows.
 */
export const OVERVIEW_SCRIPT = `(function () {
  if (typeof Chart === 'undefined') return;
  var data = JSON.parse(document.getElementById('page-data').textContent);
  var colours = ['#1d4ed8', '#dc2626', '#059669', '#d97706', '#7c3aed', '#0891b2', '#4b5563', '#db2777'];
  data.charts.forEach(function (spec) {
    var canvas = document.getElementById(spec.id);
    if (!canvas) return;
    var frame = canvas.parentElement;
    frame.hidden = false;
    var value = { beginAtZero: true, stacked: !!spec.stacked, ticks: {}, title: { display: !!spec.unit, text: spec.unit } };
    if (spec.percent) { value.max = 100; value.ticks.callback = function (tick) { return tick + ' %'; }; }
    if (spec.whole) value.ticks.precision = 0;
    var category = { stacked: !!spec.stacked };
    new Chart(canvas, {
      type: spec.type,
      data: {
        labels: spec.labels,
        datasets: spec.datasets.map(function (set, index) {
          var colour = colours[index % colours.length];
          return { label: set.label, data: set.data, backgroundColor: colour, borderColor: colour,
            borderWidth: spec.type === 'line' ? 2 : 0, pointRadius: 3, spanGaps: true };
        })
      },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        indexAxis: spec.horizontal ? 'y' : 'x',
        scales: spec.horizontal ? { x: value, y: category } : { x: category, y: value },
        plugins: { legend: { display: spec.datasets.length > 1 } }
      }
    });
    var numbers = frame.nextElementSibling;
    if (numbers && numbers.tagName === 'DETAILS') numbers.open = false;
  });
})();`;

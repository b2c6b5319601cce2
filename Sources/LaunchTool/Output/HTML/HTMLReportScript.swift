/// The HTML report's scripts, vanilla and inline. Text from the data always goes through
/// `textContent` or `title`, never `innerHTML`.
enum HTMLReportScript {
    /// First in the body: records script errors in `data-errors` so a headless browser's
    /// dumped DOM shows them.
    static let errorCatcher: StaticString = """
        window.addEventListener('error', function (event) {
          var previous = document.body.getAttribute('data-errors');
          var message = String(event.message || event.type) + (event.lineno ? ' (line ' + event.lineno + ')' : '');
          document.body.setAttribute('data-errors', previous ? previous + ' | ' + message : message);
        });
        """

    /// Last in the body: opens the stack of a clicked timeline mark, draws the flame graph
    /// and its filters, then sets `data-ready="ok"`.
    static let main: StaticString = """
        (function () {
          'use strict';
          function openEvent(hash) {
            if (!hash || hash.indexOf('#event-') !== 0) { return; }
            var element = document.getElementById(hash.slice(1));
            if (element && element.tagName === 'DETAILS') { element.open = true; }
          }
          window.addEventListener('hashchange', function () { openEvent(window.location.hash); });
          openEvent(window.location.hash);

          var data = JSON.parse(document.getElementById('report-data').textContent);
          var container = document.getElementById('flame');
          var info = document.getElementById('flame-info');
          var phaseSelect = document.getElementById('flame-phase');
          var runSelect = document.getElementById('flame-run');
          var rowHeight = 20;

          function addOption(select, value, text) {
            var option = document.createElement('option');
            option.value = value;
            option.textContent = text;
            select.appendChild(option);
          }
          addOption(phaseSelect, '', 'all phases');
          data.phases.forEach(function (phase) { addOption(phaseSelect, phase, phase); });
          addOption(runSelect, '', 'all launches');
          data.runs.forEach(function (run) {
            addOption(runSelect, String(run), 'launch ' + run + (run === data.chosenRun ? ' (waterfall)' : ''));
          });

          function formatMs(us) {
            var ms = us / 1000;
            return (ms >= 100 ? ms.toFixed(0) : ms >= 1 ? ms.toFixed(1) : ms.toFixed(2)) + ' ms';
          }
          function hue(name) {
            var hash = 0;
            for (var i = 0; i < name.length; i++) { hash = (hash * 31 + name.charCodeAt(i)) | 0; }
            return Math.abs(hash);
          }
          function colour(name) {
            if (name.charAt(0) === '[' && name.charAt(name.length - 1) === ']') { return 'hsl(220, 10%, 72%)'; }
            if (/\\) \\[[a-zA-Z]+\\]$/.test(name)) { return 'hsl(185, 55%, 58%)'; }
            var h = hue(name);
            return 'hsl(' + (h % 45 + 5) + ', ' + (62 + h % 20) + '%, ' + (58 + h % 12) + '%)';
          }

          function build() {
            var phase = phaseSelect.value;
            var run = runSelect.value === '' ? null : Number(runSelect.value);
            var root = { name: 'all samples', weight: 0, children: [], byName: {}, parent: null };
            data.samples.forEach(function (sample) {
              if (phase !== '' && sample.p !== phase) { return; }
              if (run !== null && sample.r !== run) { return; }
              var names = sample.s.map(function (index) { return data.frames[index]; });
              if (phase === '') { names.unshift('[' + (sample.p || 'no phase') + ']'); }
              root.weight += sample.w;
              var node = root;
              names.forEach(function (name) {
                var child = Object.prototype.hasOwnProperty.call(node.byName, name) ? node.byName[name] : null;
                if (!child) {
                  child = { name: name, weight: 0, children: [], byName: {}, parent: node };
                  node.byName[name] = child;
                  node.children.push(child);
                }
                child.weight += sample.w;
                node = child;
              });
            });
            return root;
          }

          function depthOf(node) {
            var depth = 0;
            node.children.forEach(function (child) { depth = Math.max(depth, 1 + depthOf(child)); });
            return depth;
          }

          var tree = null;
          function draw(focus) {
            container.textContent = '';
            if (tree.weight === 0) {
              var empty = document.createElement('p');
              empty.className = 'muted';
              empty.style.padding = '8px 12px';
              empty.textContent = 'No samples or blocking calls for this selection.';
              container.appendChild(empty);
              container.style.height = '';
              return;
            }
            var ancestors = [];
            for (var up = focus; up; up = up.parent) { ancestors.unshift(up); }
            var rows = ancestors.length + depthOf(focus);
            container.style.height = (rows * rowHeight + 2) + 'px';
            function place(node, depth, left, width) {
              var element = document.createElement('div');
              element.className = 'flame-node';
              element.style.top = (depth * rowHeight) + 'px';
              element.style.left = (left * 100) + '%';
              element.style.width = 'calc(' + (width * 100) + '% - 1px)';
              element.style.background = node.parent ? colour(node.name) : 'hsl(220, 10%, 80%)';
              element.textContent = node.name;
              var share = tree.weight > 0 ? (100 * node.weight / tree.weight).toFixed(1) : '0';
              element.title = node.name + '\\n' + formatMs(node.weight) + ' of thread time (' + share + ' %)';
              element.addEventListener('click', function () { draw(node); });
              element.addEventListener('mouseenter', function () { info.textContent = element.title.replace('\\n', ' — '); });
              container.appendChild(element);
            }
            ancestors.forEach(function (node, depth) { place(node, depth, 0, 1); });
            function layout(node, depth, left, width) {
              var x = left;
              node.children.slice().sort(function (a, b) { return a.name < b.name ? -1 : a.name > b.name ? 1 : 0; }).forEach(function (child) {
                var childWidth = node.weight > 0 ? width * child.weight / node.weight : 0;
                if (childWidth >= 0.002) {
                  place(child, depth, x, childWidth);
                  layout(child, depth + 1, x, childWidth);
                }
                x += childWidth;
              });
            }
            layout(focus, ancestors.length, 0, 1);
            info.textContent = 'Total ' + formatMs(tree.weight) + ' of thread time in ' + (focus === tree ? 'the selection' : focus.name) + '. Click a frame to zoom, an upper bar to zoom out.';
          }
          function refresh() {
            tree = build();
            draw(tree);
            document.body.setAttribute('data-flame-nodes', String(container.querySelectorAll('.flame-node').length));
          }
          phaseSelect.addEventListener('change', refresh);
          runSelect.addEventListener('change', refresh);
          refresh();
          document.body.dataset.ready = 'ok';
        })();
        """
}

/// The server's only style sheet and script, served from `/static/` and allowed by the
/// Content-Security-Policy (no inline script or style, nothing fetched from elsewhere).
enum Assets {
    static let css = """
        :root { color-scheme: light dark; --accent: #1d5fbf; --warn: #b3261e; --line: #8884;
          --muted: #595959; --link: #1a55b0; }
        @media (prefers-color-scheme: dark) {
          :root { --warn: #ffb4ab; --muted: #c4c4c4; --link: #9ec1ff; }
        }
        html { background: Canvas; color: CanvasText; }
        a { color: var(--link); }
        * { box-sizing: border-box; }
        body { margin: 0; font: 16px/1.45 system-ui, sans-serif; }
        h1 { font-size: clamp(1.5rem, 1.1rem + 1.6vw, 2rem); line-height: 1.2; margin: .25rem 0 .75rem; }
        h2 { font-size: 1.25rem; line-height: 1.25; margin: 1.5rem 0 .5rem; }
        :focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
        @media (prefers-color-scheme: dark) { :focus-visible { outline-color: var(--link); } }
        header { padding: .5rem 1rem 0; border-bottom: 1px solid var(--line); display: grid;
          grid-template-columns: 1fr auto; align-items: center; column-gap: .5rem; }
        .brand { font-weight: 700; text-decoration: none; color: inherit; grid-row: 1; }
        header .signout { grid-row: 1; grid-column: 2; margin: 0; }
        header #tabs { grid-column: 1 / -1; min-width: 0; }
        header .signout button { padding: .15rem .6rem; font-size: .85em; }
        #tabs { display: flex; flex-wrap: wrap; gap: .25rem; margin-top: .5rem; }
        .tab { padding: .4rem .7rem; border: 1px solid var(--line); border-bottom: none;
          border-radius: .4rem .4rem 0 0; text-decoration: none; color: inherit; }
        .tab.current { background: var(--accent); color: #fff; }
        .tab .count, .tab .worth { margin-left: .4rem; font-size: .85em; opacity: .8; }
        .tab.add { margin-left: auto; }
        #offline { margin: 0; padding: .5rem 1rem; background: #fff4ce; color: #4d3800;
          font-weight: 600; }
        main { padding: 1rem; max-width: 70rem; }
        table { border-collapse: collapse; width: 100%; }
        th, td { text-align: left; padding: .35rem .5rem; border-bottom: 1px solid var(--line); }
        th a { color: inherit; }
        .number { text-align: right; font-variant-numeric: tabular-nums; }
        .warn { color: var(--warn); }
        tr.entered, tr.changed { animation: flash 1.5s; }
        @keyframes flash { from { background: #fd06; } to { background: transparent; } }
        .pager { display: flex; gap: 1rem; margin-top: 1rem; }
        .search { display: flex; gap: .5rem; margin-bottom: .5rem; }
        input, textarea, button, select { font: inherit; padding: .35rem .5rem; }
        .item-form .field { display: grid; grid-template-columns: 9rem 1fr; gap: .25rem 1rem;
          margin-bottom: .5rem; align-items: baseline; }
        .item-form .field.flag { grid-template-columns: auto 1fr; justify-content: start; }
        .item-form .problem { grid-column: 2; }
        .problem { color: var(--warn); margin: 0; }
        [aria-invalid=true] { border-color: var(--warn); outline: 1px solid var(--warn); }
        .button, button { display: inline-block; border: 1px solid var(--line); border-radius: .3rem;
          padding: .35rem .8rem; text-decoration: none; color: inherit; background: none; cursor: pointer; }
        .danger { color: var(--warn); }
        .photo { max-width: min(100%, 24rem); border-radius: .4rem; }
        dl.fields div { display: grid; grid-template-columns: 11rem 1fr; }
        dt { font-weight: 600; }
        dd { margin: 0; white-space: pre-wrap; }
        form.move, form.move-here { display: flex; flex-wrap: wrap; gap: .5rem; margin: 1rem 0; }
        form.move label, form.move-here label { flex-basis: 100%; font-weight: 600; }
        form.move input, form.move-here input { flex: 1 1 14rem; min-width: 0; }
        details.life { margin: 1rem 0; }
        details.life summary { cursor: pointer; font-weight: 600; }
        form.life { display: grid; grid-template-columns: max-content minmax(0, 20rem);
          gap: .5rem 1rem; align-items: center; margin: .75rem 0; }
        form.life button { grid-column: 1 / -1; justify-self: start; }
        form.life input[type=checkbox] { justify-self: start; }
        dl.standing { display: flex; flex-wrap: wrap; gap: .75rem; margin: 0 0 1rem; }
        dl.standing div { border: 1px solid var(--line); border-radius: .4rem; padding: .5rem .9rem;
          min-width: 9rem; }
        dl.standing dd { font-size: 1.4em; font-variant-numeric: tabular-nums; }
        ul.due li.overdue { color: var(--warn); font-weight: 600; }
        table.worth { max-width: 44rem; margin-bottom: 1rem; }
        td.thumbnail { width: 3.5rem; padding: .2rem .5rem .2rem 0; }
        td.thumbnail img { width: 3rem; height: 3rem; object-fit: cover; border-radius: .3rem;
          display: block; }
        ul.files a.thumbnail img { width: 6rem; height: 6rem; object-fit: cover;
          border-radius: .3rem; vertical-align: middle; margin-right: .5rem; }
        a.photo img.photo { display: block; }
        form.switch { margin: 0; }
        details.place-edit summary { cursor: pointer; list-style: none; }
        details.place-edit summary::-webkit-details-marker { display: none; }
        details.place-edit summary::after { content: " ✎"; color: var(--muted); font-size: .85em; }
        form.move-row { display: flex; gap: .3rem; margin: .3rem 0; }
        form.move-row input { min-width: 0; flex: 1 1 10rem; }
        body[data-role=viewer] details.place-edit summary { pointer-events: none; }
        body[data-role=viewer] details.place-edit summary::after { content: none; }
        form.switch button { padding: .15rem .55rem; font-size: .9em; min-height: 2rem; }
        form.switch button[aria-pressed=false] { color: var(--warn); border-color: var(--warn); }
        form.remove, form.receipt { display: inline; margin-left: .75rem; }
        form.inline { display: inline; margin: 0 .4rem 0 0; }
        ol.history .by { color: var(--muted); }
        header .who { color: var(--muted); font-size: .85em; margin-right: .3rem; }
        .invited input.link { width: 100%; font-family: monospace; }
        form.invite { max-width: 28rem; margin-top: 1.5rem; }
        body[data-role=viewer] form[method=post]:not(.signout):not(.session),
        body[data-role=viewer] a.tab.add, body[data-role=viewer] p.actions { display: none; }
        form.receipt input.upload { position: absolute; width: 1px; height: 1px; opacity: 0; }
        form.receipt label.button { font-size: .85em; padding: .1rem .5rem; cursor: pointer; }
        form.receipt:focus-within label.button { outline: 2px solid #1a5fb4; }
        form.remove button { font-size: .85em; padding: .1rem .5rem; }
        p.hint { color: var(--muted); font-size: .9em; margin: 0 0 1rem; }
        form.payment { display: grid; grid-template-columns: 9rem 1fr; gap: .5rem 1rem;
          align-items: center; max-width: 32rem; margin: 1rem 0; }
        form.payment button { grid-column: 2; justify-self: start; }
        ul.schedules li.overdue, #due tr.overdue td:first-child { color: var(--warn); font-weight: 600; }
        form.within { display: flex; gap: .5rem; align-items: center; margin: 0 0 1rem; }
        @media (max-width: 40rem) {
          header { padding: .5rem .75rem 0; }
          #tabs { flex-wrap: nowrap; overflow-x: auto; scrollbar-width: none; margin-right: -.75rem; }
          .tab { flex: none; white-space: nowrap; }
          .tab.add { margin-left: 0; }
          main { padding: .75rem; }
          thead { display: none; }
          tr { display: block; position: relative; border-bottom: 1px solid var(--line);
            padding: .5rem 0; min-height: 4.5rem; }
          tr:has(td.thumbnail img) { padding-left: 4.25rem; }
          td { display: inline-block; border: none; padding: .1rem .4rem .1rem 0; }
          td.thumbnail { position: absolute; left: 0; top: .6rem; padding: 0; width: auto; }
          td.thumbnail img { width: 3.5rem; height: 3.5rem; }
          td.name { display: block; font-weight: 600; }
          td.number { text-align: left; }
          #items td.qty.one, #items td.price, #items td.day:empty, #items td.flag:empty { display: none; }
          #items td.qty::before { content: "× "; }
          #items td.place { color: var(--muted); }
          #items td.flag:last-child { display: block; margin-top: .2rem; }
          table.worth thead { display: table-header-group; }
          table.worth tr { display: table-row; min-height: 0; padding: 0; }
          table.worth th, table.worth td { display: table-cell; padding: .3rem .3rem;
            font-size: .9em; border-bottom: 1px solid var(--line); }
          table.worth .number { text-align: right; }
          .item-form .field, dl.fields div, form.payment { grid-template-columns: 1fr; }
          .item-form .problem, form.payment button { grid-column: 1; }
        }
        """

    /// Follows the inventory: an event stream from the page's journal point; on each change
    /// the page is fetched again and patched in place, rows keyed by item id, so rows enter,
    /// leave, move and change without a reload. The browser reconnects by itself and, with
    /// `Last-Event-ID`, the server sends what it missed. Also sends a photo picked on the item
    /// page as the request's body.
    static let script = """
        "use strict";
        (function () {
          const body = document.body;
          function replaceFrom(doc, selector) {
            const now = document.querySelector(selector), next = doc.querySelector(selector);
            if (now && next) now.replaceWith(document.importNode(next, true));
            else if (now) now.remove();
          }
          function patchRows(doc) {
            const rows = document.querySelector("#items tbody");
            const fresh = doc.querySelector("#items tbody");
            if (!rows || !fresh) return;
            const old = new Map();
            for (const row of rows.children) old.set(row.dataset.id, row);
            const next = [];
            for (const row of fresh.children) {
              const existing = old.get(row.dataset.id);
              if (existing && existing.innerHTML === row.innerHTML) { next.push(existing); continue; }
              const made = document.importNode(row, true);
              made.classList.add(existing ? "changed" : "entered");
              next.push(made);
            }
            rows.replaceChildren(...next);
          }
          let busy = false, again = false;
          function refresh() {
            if (busy) { again = true; return; }
            busy = true;
            fetch(location.href, { credentials: "same-origin", headers: { "Accept": "text/html" } })
              .then(function (response) {
                if (response.status === 404 && document.querySelector("[data-item]")) {
                  location.reload();
                }
                return response.ok ? response.text() : null;
              })
              .then(function (html) {
                if (html === null) return;
                const doc = new DOMParser().parseFromString(html, "text/html");
                replaceFrom(doc, "#tabs");
                if (document.querySelector("#items")) {
                  replaceFrom(doc, "#summary");
                  replaceFrom(doc, ".empty");
                  replaceFrom(doc, ".pager");
                  patchRows(doc);
                } else {
                  replaceFrom(doc, "#main");
                }
                body.dataset.seq = doc.body.dataset.seq || body.dataset.seq;
                body.dataset.updated = String(Number(body.dataset.updated || 0) + 1);
              })
              .catch(function () {})
              .finally(function () { busy = false; if (again) { again = false; refresh(); } });
          }
          if (body.dataset.seq !== undefined) {
            const events = new EventSource("/api/changes?after=" + encodeURIComponent(body.dataset.seq));
            events.addEventListener("change", refresh);
            // The inventory was restored under the server: this page's rows and its point in the
            // journal are another file's. Load it again once the server serves the new one.
            events.addEventListener("replaced", function () {
              events.close();
              body.dataset.live = "no";
              setTimeout(function () { location.reload(); }, 1500);
            });
            // The page fell too far behind the inventory to be told each change: load it anew.
            events.addEventListener("reload", function () {
              events.close();
              body.dataset.live = "no";
              location.reload();
            });
            events.addEventListener("open", function () { body.dataset.live = "yes"; });
            events.addEventListener("error", function () { body.dataset.live = "no"; });
          }
          // The installable app: its worker keeps the house's pages for reading offline, and
          // marks a page it answers from what it kept (data-offline); such a page saves nothing.
          if (body.dataset.app === "yes" && "serviceWorker" in navigator) {
            navigator.serviceWorker.register("/sw.js").catch(function () {});
          }
          const offline = document.querySelector("#offline");
          function showOffline() {
            if (offline) offline.hidden = !(body.dataset.offline === "yes" || !navigator.onLine);
          }
          showOffline();
          window.addEventListener("online", function () {
            // a page the worker answered from what it kept: fetch it anew, forms and all
            if (body.dataset.offline === "yes") { location.reload(); return; }
            showOffline();
          });
          window.addEventListener("offline", showOffline);
          document.addEventListener("submit", function (event) {
            const form = event.target;
            if (form.classList && form.classList.contains("signout") && "caches" in window) {
              // what this device kept of the house goes with the session
              event.preventDefault();
              // the worker forgets too: a page it is fetching now is not kept after this
              if (navigator.serviceWorker && navigator.serviceWorker.controller) {
                navigator.serviceWorker.controller.postMessage("forget");
              }
              caches.keys().then(function (names) {
                return Promise.all(names.map(function (name) { return caches.delete(name); }));
              }).catch(function () {}).then(function () { form.submit(); });
              return;
            }
            if (form.method && form.method.toLowerCase() === "post" &&
                (body.dataset.offline === "yes" || !navigator.onLine)) {
              event.preventDefault();
              if (offline) {
                offline.textContent = "Offline: this cannot be saved now, and nothing was sent. " +
                  "What you typed is still here.";
                offline.hidden = false;
                offline.scrollIntoView();
              }
            }
          });
          // A photo, or an entry's receipt: sent as it is chosen, its bytes as the body.
          document.addEventListener("change", function (event) {
            const picker = event.target;
            if (!(picker instanceof HTMLInputElement) || picker.type !== "file") return;
            if (picker.id !== "photo-input" && !picker.classList.contains("upload")) return;
            const files = Array.from(picker.files);
            if (files.length === 0) return;
            const form = picker.form;
            const problem = picker.id === "photo-input"
              ? document.querySelector("#photo-problem") : form.querySelector(".problem");
            // one after the other (each is held whole by the server while it is stored)
            let sent = 0;
            function send() {
              if (sent === files.length) { location.reload(); return; }
              const file = files[sent];
              problem.textContent = "Sending " + (sent + 1) + " of " + files.length + "…";
              fetch(form.action, {
                method: "POST", credentials: "same-origin", body: file,
                headers: { "Content-Type": file.type || "application/octet-stream",
                           "X-CSRF-Token": body.dataset.csrf }
              }).then(function (response) {
                if (response.ok) { sent += 1; send(); return; }
                return response.json().then(function (answer) {
                  problem.textContent = file.name + ": " + answer.error +
                    (sent > 0 ? " (" + sent + " sent before it)" : "");
                  picker.value = "";
                  // what was sent before it shows when the page follows the change
                });
              }).catch(function () {
                problem.textContent = "The file could not be sent.";
                picker.value = "";
              });
            }
            send();
          });
        })();
        """
}

import Foundation
import InventoryTestSupport
import Testing

/// `inventory serve` end to end: the server as a process, headless Chromium as the household's
/// browsers, the command line as another process writing the file.
@Suite("serve in a real browser", .serialized)
struct ServeBrowserTests {
    /// Starts `inventory serve` on a free port; returns it and its sign-in link.
    private func serve(_ sandbox: Sandbox) throws -> (RunningCommand, String) {
        let server = try RunningCommand(["serve", "--port", "0"], in: sandbox)
        let lines = server.waitForLines(2)
        let link = try #require(
            lines.compactMap { line in
                line.range(of: "http://").map { String(line[$0.lowerBound...]) }
            }
            .first { $0.contains("/signin?token=") },
            "serve printed \(lines), stderr: \(server.stderr)")
        return (server, link)
    }

    @Test("two pages follow a change made by the command line in another process, in place")
    func twoPagesFollowTheCommandLine() throws {
        let sandbox = Sandbox()
        let boat = try sandbox.add("Boat", "--price", "12000", "--luxury")
        try sandbox.add("Lamp", "--price", "40", "--insured")
        let (server, link) = try serve(sandbox)
        defer { server.killIfRunning() }
        let base = String(link[..<link.range(of: "/signin")!.lowerBound])
        do {
            let browser = try WebDriver(profile: sandbox.file("chromium-profile"))
            try browser.open(link)
            let first = try browser.window
            try browser.open(base + "/views/non-insured")
            try browser.waitUntil(
                "return document.body.dataset.live === 'yes'", "the live stream open")
            let row =
                try browser.run(
                    "return [...document.querySelectorAll('#items tbody td')].map(c => c.innerText.trim()).join('|')"
                ) as? String
            // a thing with no place says so, where its place may be typed
            #expect(
                row == "|Boat|no place|1|12,000.00|12,000.00||luxury|not insured", "\(row ?? "")")
            // Mark the row, so that the test can tell it was patched in place, not reloaded.
            try browser.run("window.marker = 'same page'")
            let second = try browser.newWindow()
            try browser.switchTo(second)
            try browser.open(base + "/views/all")
            try browser.waitUntil(
                "return document.body.dataset.live === 'yes'", "the live stream open")
            try browser.run("window.marker = 'same page'")

            // Another process, the command line, insures the boat.
            _ = try sandbox.succeed(["edit", String(boat), "--insured"])

            try browser.waitUntil(
                "return [...document.querySelectorAll('#items tbody tr')].some(r => r.innerText.includes('Boat') && r.innerText.includes('insured') && !r.innerText.includes('not insured'))",
                "the boat insured on the page of every item")
            #expect(try browser.run("return window.marker") as? String == "same page")
            try browser.switchTo(first)
            try browser.waitUntil(
                "return document.querySelectorAll('#items tbody tr').length === 0",
                "the boat gone from the non-insured page")
            #expect(try browser.run("return window.marker") as? String == "same page")
            #expect(
                try browser.run("return document.querySelector('#count').innerText") as? String
                    == "0 items")
            // The tabs' counts followed too.
            #expect(
                try browser.run(
                    "return document.querySelector('a[href=\"/views/non-insured\"] .count').innerText"
                ) as? String == "0")

            // An item added by the command line enters the page of every item, in name order.
            try browser.switchTo(second)
            try sandbox.add("Anchor", "--price", "90")
            try browser.waitUntil(
                "return document.querySelector('#items tbody tr td.name').innerText === 'Anchor'",
                "the anchor entering first")
            #expect(try browser.run("return window.marker") as? String == "same page")
        }
        server.send(SIGTERM)
        #expect(server.wait() == 0)
        #expect(server.lines.last == "Stopped.")
    }

    @Test("a page of another port of this host cannot make a signed-in browser change anything")
    func anotherPortOfTheSameHost() throws {
        let sandbox = Sandbox()
        try sandbox.add("Lamp", "--price", "40")
        let before = try sandbox.dump()
        let (server, link) = try serve(sandbox)
        defer { server.killIfRunning() }
        let base = String(link[..<link.range(of: "/signin")!.lowerBound])
        let port = String(base.split(separator: ":").last ?? "")
        // Another program of this machine serves a page; the browser counts it as the same site
        // (SameSite=Strict sends the cookie), whatever its port. Its forms post JSON as
        // text/plain, through the spellings the router takes for the API's address.
        for (index, path) in ["//api/items", "/api/items/", "/api/items"].enumerated() {
            try """
            <!doctype html><form id="f" method="post" enctype="text/plain"
              action="\(base)\(path)"><input name='{"name":"Stolen","notes":"' value='"}'></form>
            <script>document.getElementById("f").submit();</script>
            """.write(
                toFile: sandbox.file("attack\(index).html"), atomically: true, encoding: .utf8)
        }
        let other = Process()
        other.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        other.arguments = [
            "python3", "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory",
            sandbox.path,
        ]
        let output = Pipe()
        other.standardOutput = output
        other.standardError = FileHandle.nullDevice
        try other.run()
        defer {
            // It may not end on SIGTERM, as chromedriver may not.
            kill(other.processIdentifier, SIGKILL)
            other.waitUntilExit()
        }
        // "Serving HTTP on 127.0.0.1 port 41234 (http://127.0.0.1:41234/) ..."
        var announced = ""
        while !announced.contains("\n") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            announced += String(decoding: chunk, as: UTF8.self)
        }
        let page = try #require(
            announced.firstMatch(of: /(http:\/\/127\.0\.0\.1:\d+)\//).map { String($0.1) },
            "\(announced)")
        do {
            let browser = try WebDriver(profile: sandbox.file("chromium-profile"))
            try browser.open(link)
            for index in 0..<3 {
                try browser.open(page + "/attack\(index).html")
                // The form has been sent once the browser shows the server's answer.
                try browser.waitUntil(
                    "return location.port === '\(port)'", "the form sent to the server")
            }
        }
        server.send(SIGTERM)
        #expect(server.wait() == 0)
        #expect(try sandbox.dump() == before)
    }

    @Test("a photo and a maintenance receipt are sent as they are chosen, and shown")
    func filesSentFromThePage() throws {
        let sandbox = Sandbox()
        try sandbox.add("Boiler", "--price", "2400")
        try sandbox.succeed(["maintenance", "add", "1", "Service", "--cost", "140"])
        let pdf = sandbox.file("bill.pdf")
        try Data("%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n".utf8).write(
            to: URL(fileURLWithPath: pdf))
        let png = sandbox.file("boiler.png")
        writePNG(at: png, seed: "boiler")
        let (server, link) = try serve(sandbox)
        defer { server.killIfRunning() }
        let base = String(link[..<link.range(of: "/signin")!.lowerBound])
        do {
            let browser = try WebDriver(profile: sandbox.file("chromium-profile"))
            try browser.open(link)
            try browser.open(base + "/items/1")
            try browser.choose(file: pdf, in: "#receipt-1")
            try browser.waitUntil(
                "return document.body.innerText.includes('Replace receipt')", "the receipt sent")
            // two photos at once: both sent, one after the other
            let second = sandbox.file("boiler-2.png")
            writePNG(at: second, seed: "boiler two")
            try browser.choose(file: png + "\n" + second, in: "#photo-input")
            try browser.waitUntil(
                "return document.querySelectorAll('ul.files a.thumbnail').length === 2",
                "the two photos shown")
        }
        let log = try #require(
            try sandbox.json(["maintenance", "1", "--json"]) as? [String: Any])
        let entry = try #require((log["log"] as? [[String: Any]])?.first)
        #expect((entry["file"] as? String)?.hasSuffix(".pdf") == true)
        let item = try #require(try sandbox.json(["show", "1", "--json"]) as? [String: Any])
        #expect(item["photo"] is String)
        #expect((item["files"] as? [[String: Any]])?.count == 2, "the two photos")
        server.send(SIGINT)
        #expect(server.wait() == 0)
    }

    @Test("installed, the pages last seen read offline, marked so, and a form saves nothing")
    func theAppReadsOffline() throws {
        let sandbox = Sandbox()
        try sandbox.add("Boat", "--price", "12000")
        let (server, link) = try serve(sandbox)
        defer { server.killIfRunning() }
        let base = String(link[..<link.range(of: "/signin")!.lowerBound])
        // the manifest and an icon drawn from the app's drawing
        let manifest = try sandbox.shell("curl -s \(base)/manifest.webmanifest").stdout
        #expect(manifest.contains("\"display\": \"standalone\""))
        let icon = try sandbox.shell(
            "curl -s -o icon.png -w '%{content_type}' \(base)/static/icon-192.png && file -b icon.png"
        ).stdout
        #expect(icon.contains("image/png") && icon.contains("192 x 192"), "\(icon)")
        let browser = try WebDriver(profile: sandbox.file("chromium-profile"))
        // a phone in the cellar
        try browser.viewport(width: 390, height: 844, mobile: true)
        try browser.open(link)
        try browser.open(base + "/")
        _ = try browser.runAsync(
            "const done = arguments[arguments.length - 1]; navigator.serviceWorker.ready.then(() => done(true))"
        )
        try browser.open(base + "/")
        try browser.waitUntil(
            "return navigator.serviceWorker && navigator.serviceWorker.controller !== null",
            "the page under its service worker")
        for page in ["/", "/items/1", "/items/new", "/views/all"] {
            try browser.open(base + page)
            try browser.waitUntil(
                "return document.querySelector('#main') !== null", "\(page) shown")
        }
        #expect(
            try browser.run("return document.querySelector('#offline').hidden") as? Bool == true)

        // the server stops: the item's page is read from what the device kept, marked offline
        server.send(SIGTERM)
        #expect(server.wait() == 0)
        try browser.open(base + "/items/1")
        try browser.waitUntil(
            "return document.querySelector('h1') && document.querySelector('h1').innerText === 'Boat'",
            "the boat's page, offline")
        #expect(
            try browser.run("return document.querySelector('#offline').hidden") as? Bool == false)
        if let shots = ProcessInfo.processInfo.environment["INVENTORY_SCREENSHOTS"] {
            try browser.screenshot().write(to: URL(fileURLWithPath: shots + "/phone-offline.png"))
        }
        // a form offline says it cannot save, and keeps what was typed
        try browser.open(base + "/items/new")
        try browser.waitUntil("return document.querySelector('#field-name') !== null", "the form")
        try browser.type("Oar", into: "#field-name")
        try browser.click("form.item-form button[type=submit]")
        #expect(
            (try browser.run("return document.querySelector('#offline').innerText") as? String)?
                .contains("cannot be saved now") == true)
        #expect(
            try browser.run("return document.querySelector('#field-name').value") as? String
                == "Oar")
        // a page never seen says so
        try browser.open(base + "/items/99")
        try browser.waitUntil(
            "return document.body.innerText.includes('was not seen here before')",
            "the offline note")
        // no share link's page, photo or API answer is kept
        let kept =
            try browser.runAsync(
                "const done = arguments[arguments.length - 1]; caches.keys().then(n => Promise.all(n.map(k => caches.open(k).then(c => c.keys())))).then(l => done(l.flat().map(r => new URL(r.url).pathname)))"
            ) as? [String] ?? []
        #expect(kept.contains("/items/1") && kept.contains("/"), "\(kept)")
        #expect(
            !kept.contains {
                $0.hasPrefix("/share/") || $0.hasPrefix("/api/") || $0.hasPrefix("/files/")
            })
        #expect(try sandbox.succeed(["list", "--csv"]).contains("Oar") == false)
    }

    /// Every text on the page whose contrast with its background is under WCAG AA (4.5:1, or
    /// 3:1 for large text: 24 px, or 18.66 px bold), as "ratio text (colour on background)".
    private static let contrastFailures = """
        function channels(c) { return c.match(/[\\d.]+/g).map(Number); }
        function luminance(c) {
          const [r, g, b] = channels(c).slice(0, 3).map(function (v) {
            v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
          });
          return 0.2126 * r + 0.7152 * g + 0.0722 * b;
        }
        function background(element) {
          for (let e = element; e; e = e.parentElement) {
            const c = getComputedStyle(e).backgroundColor, p = channels(c);
            if (p.length < 4 || p[3] > 0.5) return c;
          }
          return "rgb(255, 255, 255)";
        }
        const failures = [];
        for (const element of document.querySelectorAll("body *")) {
          const own = [...element.childNodes].filter(n => n.nodeType === 3 && n.textContent.trim());
          if (own.length === 0 || element.closest("[hidden]")) continue;
          const rect = element.getBoundingClientRect();
          if (rect.width === 0 || rect.height === 0) continue;
          const style = getComputedStyle(element);
          const fg = style.color, bg = background(element);
          const [a, b] = [luminance(fg), luminance(bg)];
          const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
          const size = parseFloat(style.fontSize), bold = Number(style.fontWeight) >= 700;
          const needed = size >= 24 || (size >= 18.66 && bold) ? 3 : 4.5;
          if (ratio < needed) {
            failures.push(ratio.toFixed(2) + " " + own[0].textContent.trim().slice(0, 30) +
              " (" + fg + " on " + bg + ")");
          }
        }
        return failures;
        """

    @Test("every page's text has WCAG AA contrast, in light and in dark")
    func contrast() throws {
        let sandbox = Sandbox()
        try sandbox.add("Boat", "--price", "12000", "--luxury", "--location", "Home / Harbour")
        try sandbox.add("Lamp", "--price", "40", "--insured", "--tag", "light")
        try sandbox.succeed(["maintenance", "schedule", "1", "Antifouling", "--on", "2026-01-01"])
        try sandbox.succeed(["maintenance", "add", "1", "Flares", "--cost", "80"])
        let (server, link) = try serve(sandbox)
        defer { server.killIfRunning() }
        let base = String(link[..<link.range(of: "/signin")!.lowerBound])
        let browser = try WebDriver(profile: sandbox.file("chromium-profile"))
        try browser.open(link)
        for scheme in ["light", "dark"] {
            try browser.prefer(colorScheme: scheme)
            for page in ["/", "/views/all", "/items/1", "/items/new", "/due", "/claims"] {
                try browser.open(base + page)
                try browser.waitUntil("return document.querySelector('#main') !== null", page)
                #expect(
                    try browser.run("return matchMedia('(prefers-color-scheme: dark)').matches")
                        as? Bool == (scheme == "dark"))
                let failures = try browser.run(Self.contrastFailures) as? [String] ?? ["?"]
                #expect(failures.isEmpty, "\(scheme) \(page): \(failures)")
            }
        }
    }

    @Test("signing out empties what the device kept of the house")
    func signingOutForgets() throws {
        let sandbox = Sandbox()
        try sandbox.add("Boat", "--price", "12000")
        let (server, link) = try serve(sandbox)
        defer { server.killIfRunning() }
        let base = String(link[..<link.range(of: "/signin")!.lowerBound])
        let browser = try WebDriver(profile: sandbox.file("chromium-profile"))
        try browser.open(link)
        try browser.open(base + "/")
        _ = try browser.runAsync(
            "const done = arguments[arguments.length - 1]; navigator.serviceWorker.ready.then(() => done(true))"
        )
        try browser.open(base + "/items/1")
        let keys =
            "const done = arguments[arguments.length - 1]; caches.keys().then(n => Promise.all(n.map(k => caches.open(k).then(c => c.keys())))).then(l => done(l.flat().filter(r => !new URL(r.url).pathname.startsWith('/static/')).length))"
        try browser.waitUntil(
            "return document.querySelector('h1') !== null", "the boat's page")
        #expect((try browser.runAsync(keys) as? Int ?? 0) > 0, "pages kept")
        try browser.click("form.signout button")
        try browser.waitUntil("return location.pathname === '/signin'", "the sign-in page")
        // the style sheet and script may be kept again (the sign-in page asks for them); no
        // page of the house is
        #expect(try browser.runAsync(keys) as? Int == 0)
        server.send(SIGINT)
        #expect(server.wait() == 0)
    }

    @Test("a form sent with a bad price shows the problem beside the field and writes nothing")
    func badPriceInTheBrowser() throws {
        let sandbox = Sandbox()
        try sandbox.add("Lamp", "--price", "40")
        let before = try sandbox.dump()
        let (server, link) = try serve(sandbox)
        defer { server.killIfRunning() }
        let base = String(link[..<link.range(of: "/signin")!.lowerBound])
        do {
            let browser = try WebDriver(profile: sandbox.file("chromium-profile"))
            try browser.open(link)
            try browser.open(base + "/items/new")
            try browser.type("Chair", into: "#field-name")
            try browser.type("twelve", into: "#field-price")
            try browser.click("#field-insured")
            try browser.click("form.item-form button[type=submit]")
            try browser.waitUntil(
                "return document.querySelector('#problem-price') !== null", "the price's problem")
            #expect(
                try browser.run("return document.querySelector('#field-price').value") as? String
                    == "twelve")
            #expect(
                try browser.run("return document.querySelector('#field-name').value") as? String
                    == "Chair")
            #expect(
                try browser.run("return document.querySelector('#field-insured').checked") as? Bool
                    == true)
            let problem =
                try browser.run(
                    "return document.querySelector('#field-price').parentElement.querySelector('.problem').innerText"
                ) as? String
            #expect(problem?.hasPrefix("not a number") == true)
        }
        server.send(SIGINT)
        #expect(server.wait() == 0)
        #expect(try sandbox.dump() == before)
    }
}

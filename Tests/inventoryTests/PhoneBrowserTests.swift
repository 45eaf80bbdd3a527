import Foundation
import InventoryTestSupport
import Testing

/// The household's phone and a wide screen, in Chromium: the home page, lists with their
/// pictures, a form filled with a day and photos, an edit in place and its conflict, a viewer
/// refused. Each step is kept as a screenshot: in the sandbox, or in `$INVENTORY_SCREENSHOTS`
/// (`Scripts/screenshots` writes docs/screenshots with it).
@Suite("serve on a phone and a wide screen", .serialized)
struct PhoneBrowserTests {
    /// A JPEG of one colour, as a phone's photo would be shown (a small one: the test is about
    /// the pages, the thumbnails' own tests are about sizes).
    private func photo(_ sandbox: Sandbox, _ name: String, _ colour: String) throws -> String {
        let path = sandbox.file(name + ".jpg")
        let made = try sandbox.shell(
            "vips black '\(sandbox.file(name)).v' 800 600 --bands 3 && "
                + "vips linear '\(sandbox.file(name)).v' '\(path)' '1 1 1' '\(colour)' --uchar")
        #expect(made.status == 0, "\(made.stderr)")
        return path
    }

    @Test(
        "on a phone and a wide screen: home, lists with pictures, a form, an edit in place, a viewer"
    )
    func phoneAndWideScreen() throws {
        let sandbox = Sandbox()
        let shots =
            ProcessInfo.processInfo.environment["INVENTORY_SCREENSHOTS"]
            ?? sandbox.file("screenshots")
        try FileManager.default.createDirectory(atPath: shots, withIntermediateDirectories: true)
        let things: [(String, [String], String)] = [
            (
                "Sailing boat",
                ["--price", "12000", "--luxury", "--location", "Marina", "--tag", "water"],
                "40 110 190"
            ),
            (
                "Road bike", ["--price", "900", "--insured", "--location", "House / Garage"],
                "200 60 50"
            ),
            ("Reading lamp", ["--price", "40", "--location", "House / Study"], "230 190 60"),
            (
                "Espresso machine",
                ["--price", "650", "--location", "House / Kitchen", "--tag", "kitchen"], "90 90 90"
            ),
        ]
        for (index, (name, options, colour)) in things.enumerated() {
            try sandbox.succeed(["add", "--name", name] + options)
            try sandbox.succeed([
                "attach", String(index + 1), try photo(sandbox, "photo-\(index)", colour),
            ])
        }
        let server = try RunningCommand(["serve", "--port", "0"], in: sandbox)
        defer { server.killIfRunning() }
        let lines = server.waitForLines(2)
        let link = try #require(
            lines.compactMap { line in
                line.range(of: "http://").map { String(line[$0.lowerBound...]) }
            }
            .first { $0.contains("/signin?token=") })
        let base = String(link[..<link.range(of: "/signin")!.lowerBound])
        let browser = try WebDriver(profile: sandbox.file("chromium-profile"))
        func shoot(_ name: String, width: Int) throws {
            let png = try browser.screenshot()
            // a PNG as wide as the screen
            #expect(png.count > 1_000 && png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(name)")
            let shotWidth = png.count > 20 ? png[16..<20].reduce(0) { $0 << 8 | Int($1) } : 0
            #expect(shotWidth == width, "\(name): \(shotWidth)")
            try png.write(to: URL(fileURLWithPath: shots + "/" + name + ".png"))
        }
        func picturesShown() -> String {
            "return [...document.querySelectorAll('#main img')].length >= 4 && "
                + "[...document.querySelectorAll('#main img')].every(i => i.complete && i.naturalWidth > 0)"
        }

        // a phone: 390 × 844
        try browser.viewport(width: 390, height: 844, mobile: true)
        try browser.open(link)
        try browser.open(base + "/")
        try browser.waitUntil(
            "return document.body.innerText.includes('By room')", "the home page")
        #expect(
            (try browser.run("return document.querySelector('#main').innerText") as? String)?
                .contains("Espresso machine") == true)
        try shoot("phone-home", width: 390)
        try browser.open(base + "/views/all")
        try browser.waitUntil(picturesShown(), "the list's pictures")
        #expect(
            try browser.run(
                "return [...document.querySelectorAll('#main img')].every(i => i.src.includes('/thumbnails/160/'))"
            ) as? Bool == true)
        try shoot("phone-list", width: 390)

        // a form filled on the phone: a day from the date picker, then photos from the library
        try browser.open(base + "/items/new?location=House%20%2F%20Garage")
        try browser.waitUntil("return document.querySelector('#field-name') !== null", "the form")
        #expect(
            try browser.run("return document.querySelector('#field-purchased').type") as? String
                == "date")
        try browser.type("Kayak", into: "#field-name")
        try browser.type("899", into: "#field-price")
        try browser.run(
            "const d = document.querySelector('#field-purchased'); d.value = '2026-05-01'; "
                + "d.dispatchEvent(new Event('change'))")
        try shoot("phone-form", width: 390)
        try browser.click("form.item-form button[type=submit]")
        try browser.waitUntil(
            "return document.querySelector('h1') && document.querySelector('h1').innerText === 'Kayak'",
            "the kayak's page")
        try browser.choose(
            file: try photo(sandbox, "kayak", "240 120 20") + "\n"
                + (try photo(sandbox, "kayak-2", "20 160 120")),
            in: "#photo-input")
        try browser.waitUntil(
            "return document.querySelectorAll('ul.files a.thumbnail').length === 2", "two photos")
        let kayak = try #require(try sandbox.json(["show", "5", "--json"]) as? [String: Any])
        #expect(kayak["purchaseDate"] as? String == "2026-05-01")
        #expect(kayak["location"] as? String == "House / Garage")
        #expect((kayak["files"] as? [[String: Any]])?.count == 2)

        // an edit in place: the lamp's insured switch on its row
        try browser.open(base + "/views/all")
        try browser.waitUntil(picturesShown(), "the list")
        try browser.click("#item-3 form.switch button")
        try browser.waitUntil(
            "return document.querySelector('#item-3 form.switch button') && "
                + "document.querySelector('#item-3 form.switch button').getAttribute('aria-pressed') === 'true'",
            "the lamp insured")
        #expect(
            (try sandbox.json(["show", "3", "--json"]) as? [String: Any])?["insured"] as? Bool
                == true)
        // its conflict: a row as it was before another change (the lamp moved meanwhile)
        let version =
            try browser.run(
                "return document.querySelector('#item-3 form.switch input[name=version]').value")
            as? String
        try sandbox.succeed(["edit", "3", "--location", "House / Bedroom"])
        try browser.run(
            "document.querySelector('#item-3 form.switch input[name=version]').value = '\(version ?? "")'"
        )
        try browser.click("#item-3 form.switch button")
        try browser.waitUntil(
            "return document.body.innerText.includes('was changed by someone else')", "the conflict"
        )
        try shoot("phone-conflict", width: 390)
        #expect(
            (try sandbox.json(["show", "3", "--json"]) as? [String: Any])?["insured"] as? Bool
                == true)

        // the place on a card, edited where it is shown: the espresso machine to the attic
        try browser.open(base + "/views/all")
        try browser.waitUntil(picturesShown(), "the list")
        try browser.click("#item-4 details.place-edit summary")
        try browser.type("House / Attic", into: "#item-4 form.move-row input[name=to]")
        try shoot("phone-place-edit", width: 390)
        try browser.click("#item-4 form.move-row button")
        try browser.waitUntil(
            "return document.querySelector('#item-4 details.place-edit summary') && "
                + "document.querySelector('#item-4 details.place-edit summary').innerText.startsWith('House / Attic')",
            "the machine in the attic")
        #expect(
            (try sandbox.json(["show", "4", "--json"]) as? [String: Any])?["location"] as? String
                == "House / Attic")

        // a wide screen: 1280 × 800
        try browser.viewport(width: 1280, height: 800, mobile: false)
        try browser.open(base + "/views/all")
        try browser.waitUntil(picturesShown(), "the list's pictures")
        try shoot("wide-list", width: 1280)
        try browser.open(base + "/")
        try browser.waitUntil("return document.body.innerText.includes('By room')", "the home page")
        try shoot("wide-home", width: 1280)

        // a viewer, invited at the terminal, on the phone: looks, and is refused a change
        try browser.viewport(width: 390, height: 844, mobile: true)
        let invited = try sandbox.succeed([
            "members", "add", "Gran", "--role", "viewer", "--url", base,
        ])
        let invitation = try #require(
            invited.split(separator: "\n").dropFirst().first.map(String.init))
        try browser.click("header form.signout button")
        try browser.waitUntil("return location.pathname === '/signin'", "signed out")
        try browser.open(invitation)
        try browser.type("knitting needles", into: "#password")
        try browser.type("knitting needles", into: "#again")
        try browser.click("form.signin button[type=submit]")
        try browser.waitUntil("return document.body.innerText.includes('By room')", "Gran's home")
        try browser.open(base + "/items/1")
        try browser.waitUntil("return document.querySelector('h1') !== null", "the boat's page")
        #expect(
            try browser.run(
                "return [...document.querySelectorAll('#main form[method=post]')].every(f => f.offsetParent === null)"
            ) as? Bool == true, "a viewer sees no form that changes anything")
        // a change sent anyway, as a page of the house would send it
        try browser.run(
            """
            const f = document.createElement('form'); f.method = 'post'; f.action = '/items/1/insured';
            for (const [n, v] of [['csrf', document.body.dataset.csrf], ['insured', 'yes'], ['version', '1']]) {
              const i = document.createElement('input'); i.type = 'hidden'; i.name = n; i.value = v; f.appendChild(i);
            }
            document.body.appendChild(f); f.submit();
            """)
        try browser.waitUntil(
            "return document.body.innerText.includes('You can look but not change anything')",
            "the refusal")
        try shoot("phone-viewer-refused", width: 390)
        #expect(
            (try sandbox.json(["show", "1", "--json"]) as? [String: Any])?["insured"] as? Bool
                == false)
        let history = try sandbox.succeed(["history", "3"])
        #expect(history.contains("edited: insured no -> yes  (by \(NSUserName()))"), "\(history)")
        server.send(SIGTERM)
        #expect(server.wait() == 0)
    }
}

import Foundation
import InventoryTestSupport
import Testing

@testable import InventoryKit
@testable import InventoryModel
@testable import InventoryStore

@Suite struct ViewRegistryTests {
    let folder = TemporaryFolder()

    static let example = """
        {
          "high-value": {
            "Type": "FilteredList",
            "Description": "Worth scheduling separately with the insurer",
            "Dependencies": { "title": "@High value", "filter": { "minPrice": "1500.00" },
                              "sort": "@price-desc" }
          },
          "uninsured-luxury": {
            "Type": "FilteredList",
            "Dependencies": { "title": "@Luxury, not insured", "base": "luxury",
                              "filter": { "insured": false } }
          },
          "everything": "FilteredList"
        }
        """

    @Test func theBuiltInViewsAreEntriesLikeAnyOther() throws {
        let registry = ViewRegistry()
        #expect(registry.names == ["all", "luxury", "non-insured", "on-loan", "archive"])
        #expect(
            registry.entries.allSatisfy { $0.source == "built-in" && $0.type == "FilteredList" })
        #expect(
            try registry.definition(named: "luxury").filter.matches(
                HouseholdItem(
                    id: 1, name: "Boat", isLuxury: true, createdAt: .init(millisecondsSince1970: 0),
                    updatedAt: .init(millisecondsSince1970: 0))))
        #expect(try registry.definition(named: "non-insured").title == "Non-insured items")
    }

    @Test func eachOfTheBlogsViewsIsDefinedOnceAndSpelledThreeWaysFromIt() throws {
        let registry = ViewRegistry()
        #expect(
            ViewDefinition.builtIns.map(\.name) == [
                "all", "luxury", "non-insured", "on-loan", "archive",
            ])
        for definition in ViewDefinition.builtIns {
            #expect(try registry.definition(named: definition.name) == definition)
        }
        #expect(ViewRegistry.builtIns.map(\.name) == ViewDefinition.builtIns.map(\.name))
        #expect(ViewRegistry.builtIns.map(\.title) == ViewDefinition.builtIns.map(\.title))
        #expect(ViewRegistry.builtIns.map(\.filter) == ViewDefinition.builtIns.map(\.filter))
        let manager = try makeManager(in: folder)
        try manager.add([
            ItemDraft(name: "Boat", price: usd("25000"), isLuxury: true),
            ItemDraft(name: "Ring", price: usd("3000"), isLuxury: true, isInsured: true),
            ItemDraft(name: "TV", price: usd("800"), isInsured: true),
        ])
        let spellings = [
            (ViewDefinition.all, try InventoryView.all(manager), manager.entireHouseholdInventory),
            (.luxury, try InventoryView.luxury(manager), manager.luxuryItems),
            (.nonInsured, try InventoryView.nonInsured(manager), manager.nonInsuredItems),
        ]
        for (definition, view, items) in spellings {
            #expect(view.name == definition.name)
            #expect(view.filter == definition.filter)
            #expect(view.sort == definition.sort)
            let expected = try manager.items(matching: definition.filter, sortedBy: definition.sort)
            #expect(try items() == expected)
            #expect(view.ids == expected.map(\.id))
        }
    }

    @Test func theIssuesExampleLoadsWithLiteralsInjectionAndDefaults() throws {
        let registry = ViewRegistry()
        try registry.load(json: Self.example, source: "views.json")
        #expect(
            registry.names == [
                "all", "luxury", "non-insured", "on-loan", "archive", "high-value",
                "uninsured-luxury", "everything",
            ])
        let high = try registry.definition(named: "high-value")
        #expect(high.title == "High value")
        #expect(high.description == "Worth scheduling separately with the insurer")
        #expect(high.filter == ItemFilter(minPrice: usd("1500")))
        #expect(high.sort == ItemSort(.price, descending: true))
        #expect(high.source == "views.json")
        let narrowed = try registry.definition(named: "uninsured-luxury")
        #expect(narrowed.filter == ItemFilter.luxury.narrowed(by: ItemFilter(isInsured: false)))
        #expect(try registry.definition(named: "everything").title == "everything")
        #expect(try registry.definition(named: "everything").filter == .all)
    }

    @Test func aDoubledAtSignLeavesOneAtSign() throws {
        let registry = ViewRegistry()
        try registry.load(
            json: #"{"x": {"Type": "FilteredList", "Dependencies": {"title": "@@home"}}}"#,
            source: "f")
        #expect(try registry.definition(named: "x").title == "@home")
    }

    @Test func valuesGivenWhenCreatingOverrideConfiguredOnes() throws {
        let registry = ViewRegistry()
        try registry.load(json: Self.example, source: "views.json")
        let definition = try registry.definition(
            named: "high-value",
            overrides: [
                "title": .literal("Big"), "filter": .value(.object([("minPrice", .string("10"))])),
            ])
        #expect(definition.title == "Big" && definition.filter == ItemFilter(minPrice: usd("10")))
        #expect(throws: ViewRegistryError.self) {
            try registry.definition(named: "high-value", overrides: ["sort": .literal("sideways")])
        }
        #expect(try registry.definition(named: "high-value").title == "High value")
    }

    @Test func loadingReportsEveryProblemNamingItsEntry() throws {
        let registry = ViewRegistry()
        let broken = """
            {
              "a": "Nonsense",
              "b": {"Type": "FilteredList", "Dependencies": {"title": "High value"}},
              "c": {"Type": "FilteredList", "Dependencies": {"title": true, "filter": {"color": "red", "luxury": "yes"}}},
              "d": {"Type": "FilteredList", "Dependencies": {"sort": "@sideways", "base": "@luxury", "titel": "@x"}},
              "e": {"Type": "FilteredList", "Dependencies": {"filter": {"minPrice": "-3", "purchasedAfter": "2024-02-30"}}},
              "f": 42,
              "g": {"Description": "no type", "Typo": 1}
            }
            """
        let error = #expect(throws: ViewRegistryError.self) {
            try registry.load(json: broken, source: "bad.json")
        }
        let messages = error?.problems.map(\.description) ?? []
        let expected = [
            #"bad.json: view "a": unknown type "Nonsense" (known types: FilteredList)"#,
            #"bad.json: view "b": dependency "title" names "High value", which is not a view; write "@High value" for a literal"#,
            #"bad.json: view "c": dependency "title": must be a literal text such as "@My title", not a boolean"#,
            #"bad.json: view "c": dependency "filter": unknown filter key "color""#,
            #"bad.json: view "c": dependency "filter": filter key "luxury" must be true or false, not a string"#,
            #"bad.json: view "d": dependency "base": must name another view, not the literal "@luxury""#,
            #"bad.json: view "d": dependency "sort": unknown order "sideways""#,
            #"bad.json: view "d": unknown dependency "titel" for FilteredList (known: base, filter, sort, title)"#,
            #"bad.json: view "e": dependency "filter": filter key "minPrice": invalid price "-3": a price cannot be negative"#,
            #"bad.json: view "e": dependency "filter": filter key "purchasedAfter": invalid purchasedAfter "2024-02-30": no such day in the calendar"#,
            #"bad.json: view "f": an entry is a type name or an object, not a number"#,
            #"bad.json: view "g": unknown key "Typo" (an entry has Type, Description, Tag and Dependencies)"#,
            #"bad.json: view "g": an entry needs a "Type""#,
        ]
        for message in expected {
            #expect(
                messages.contains { $0.hasPrefix(message) }, "missing: \(message)\nin: \(messages)")
        }
        #expect(
            registry.names == ["all", "luxury", "non-insured", "on-loan", "archive"],
            "a failed load changes nothing")
    }

    @Test func aNameGivenTwiceInOneFileIsAnError() {
        let registry = ViewRegistry()
        let error = #expect(throws: ViewRegistryError.self) {
            try registry.load(
                json: #"{"x": "FilteredList", "x": "FilteredList"}"#, source: "twice.json")
        }
        #expect(
            error?.problems.map(\.description) == [
                #"twice.json: view "x": defined twice in this file"#
            ])
    }

    @Test func cyclesOfAnyLengthAreShownAsPaths() {
        let registry = ViewRegistry()
        func entry(_ name: String, base: String) -> String {
            #""\#(name)": {"Type": "FilteredList", "Dependencies": {"base": "\#(base)"}}"#
        }
        let json =
            "{"
            + [
                entry("a", base: "a"), entry("b", base: "c"), entry("c", base: "b"),
                entry("p", base: "q"), entry("q", base: "r"), entry("r", base: "p"),
                entry("ok", base: "luxury"),
            ].joined(separator: ",") + "}"
        let error = #expect(throws: ViewRegistryError.self) {
            try registry.load(json: json, source: "c.json")
        }
        #expect(
            error?.problems.map(\.message) == [
                "dependency cycle: a -> a", "dependency cycle: b -> c -> b",
                "dependency cycle: p -> q -> r -> p",
            ])
        #expect(registry.entry(named: "ok") == nil)
    }

    @Test func aLaterFileMergesAndReplacesEntriesOfTheSameName() throws {
        let registry = ViewRegistry()
        try registry.load(json: Self.example, source: "first.json")
        try registry.load(
            json:
                #"{"high-value": {"Type": "FilteredList", "Dependencies": {"title": "@Very high", "base": "everything"}}, "new": "FilteredList"}"#,
            source: "second.json")
        #expect(try registry.definition(named: "high-value").title == "Very high")
        #expect(try registry.definition(named: "high-value").source == "second.json")
        #expect(registry.names.last == "new")
        #expect(registry.names.filter { $0 == "high-value" }.count == 1)
    }

    @Test func aReferenceMayPointIntoAnEarlierFileAndACycleAcrossFilesIsCaught() throws {
        let registry = ViewRegistry()
        try registry.load(
            json: #"{"a": {"Type": "FilteredList", "Dependencies": {"base": "luxury"}}}"#,
            source: "1.json")
        let error = #expect(throws: ViewRegistryError.self) {
            try registry.load(
                json:
                    #"{"b": {"Type": "FilteredList", "Dependencies": {"base": "a"}}, "a": {"Type": "FilteredList", "Dependencies": {"base": "b"}}}"#,
                source: "2.json")
        }
        #expect(error?.problems.map(\.message) == ["dependency cycle: a -> b -> a"])
        #expect(try registry.definition(named: "a").filter == .luxury)
    }

    @Test func entriesAndTypesCanBeRegisteredInCode() throws {
        let registry = ViewRegistry()
        registry.register(
            ViewRegistry.ViewType(name: "Recent", dependencies: ["after": .text]) {
                entry, resolved in
                let date = try? CalendarDate(parsing: resolved.text("after") ?? "")
                return ViewDefinition(
                    name: entry.name, title: "Recent", filter: ItemFilter(purchasedAfter: date),
                    sort: .purchased,
                    source: entry.source)
            })
        try registry.register([
            ViewEntry(
                name: "recent", type: "Recent", dependencies: ["after": .literal("2024-01-01")])
        ])
        let recent = try registry.definition(named: "recent")
        #expect(recent.filter.purchasedAfter == CalendarDate(year: 2024, month: 1, day: 1))
        #expect(recent.source == "code")
        #expect(throws: ViewRegistryError.self) {
            try registry.register([ViewEntry(name: "broken", type: "Missing")])
        }
    }

    @Test func aFileThatIsNotJSONOrMissingIsReportedWithItsPlace() {
        let registry = ViewRegistry()
        let path = folder.file("views.json")
        _ = FileManager.default.createFile(atPath: path, contents: Data("{\n  \"x\": ,\n}".utf8))
        #expect(
            registry.check(contentsOf: path).map(\.description) == [
                "\(path): not valid JSON: line 2, column 8: unexpected character"
            ])
        #expect(
            registry.check(contentsOf: folder.file("nope.json")).map(\.message) == ["no such file"])
        #expect(registry.check(contentsOf: path).count == 1)
    }

    @Test func aRegistryViewIsALiveView() throws {
        let manager = try makeManager(in: folder)
        let registry = ViewRegistry(currency: manager.currency)
        try registry.load(json: Self.example, source: "views.json")
        let view = try registry.makeView(named: "high-value", manager: manager)
        try manager.add([
            ItemDraft(name: "TV", price: usd("1500")), ItemDraft(name: "Boat", price: usd("25000")),
            ItemDraft(name: "Mug", price: usd("5")),
        ])
        #expect(view.ids == [2, 1])
    }
}

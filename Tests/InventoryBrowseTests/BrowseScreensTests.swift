import Foundation
import InventoryKit
import InventoryTestSupport
import Testing

@testable import InventoryBrowse

/// browse's tabs are screens built by name through the registry, so a views file adds, orders
/// and hides them.
@Suite struct BrowseScreensTests {
    let folder = TemporaryFolder()

    static let file = """
        {
          "high-value": {"Type": "FilteredList",
                         "Dependencies": {"title": "@High value", "filter": {"minPrice": "500"}}},
          "pricey": {"Type": "ViewList", "Dependencies": {"view": "high-value", "title": "@Pricey"}},
          "tabs": {"Type": "Tabs",
                   "Dependencies": {"order": ["pricey", "luxury"], "hide": ["non-insured", "high-value"]}}
        }
        """

    /// The registries as browse builds them from one views file.
    static func registries(_ json: String, source: String = "views.json") throws -> (
        ViewRegistry, BrowseScreens
    ) {
        let views = ViewRegistry(otherTypes: BrowseScreens.typeNames)
        try views.load(json: json, source: source)
        let screens = BrowseScreens(views: views)
        try screens.load(json: json, source: source)
        return (views, screens)
    }

    @Test func withoutALayoutEveryViewIsATabThenAddItem() throws {
        let (_, screens) = try Self.registries(
            #"{"high-value": {"Type": "FilteredList", "Dependencies": {"filter": {"minPrice": "500"}}}}"#
        )
        #expect(
            try screens.tabs().map(\.name) == [
                "all", "luxury", "non-insured", "high-value", "add", "check",
            ])
    }

    @Test func aViewsFileAddsOrdersAndHidesTabs() throws {
        let (views, screens) = try Self.registries(Self.file)
        #expect(views.names.contains("high-value") && views.entry(named: "tabs") == nil)
        #expect(try screens.tabs().map(\.name) == ["pricey", "luxury", "all", "add", "check"])

        let manager = try makeManager(in: folder)
        try manager.add([
            ItemDraft(name: "Boat", price: usd("25000"), isLuxury: true),
            ItemDraft(name: "Mug", price: usd("5")),
        ])
        let app = try BrowseApp(
            manager: manager, registry: views, screens: screens,
            context: ControllerContext(name: "app"), width: 120, height: 24)
        let tabs = app.render().text(ofRow: 0)
        #expect(
            tabs.hasPrefix(
                " 1 Pricey 1·25,000.00 │ 2 Luxury items 1·25,000.00 │ 3 Entire inventory 2"))
        #expect(tabs.hasSuffix("4 + Add item │ 5 Check"))
        #expect(!tabs.contains("Non-insured") && !tabs.contains("High value"))
        app.handle(.character("a"))
        #expect(app.render().text.contains("Add item\n  Name"))
        // The pricey tab is live like any other.
        try manager.add(ItemDraft(name: "Piano", price: usd("9000")))
        app.handle(.escape)
        #expect(app.render().text(ofRow: 0).hasPrefix(" 1 Pricey 2·34,000.00"))
    }

    @Test func hidingTheAddFormLeavesTheOtherTabsAndSaysWhyAIsIdle() throws {
        let (views, screens) = try Self.registries(
            #"{"tabs": {"Type": "Tabs", "Dependencies": {"hide": ["add", "check"], "order": ["non-insured"]}}}"#
        )
        let app = try BrowseApp(
            manager: try makeManager(in: folder), registry: views, screens: screens,
            context: ControllerContext(name: "app"), width: 120, height: 24)
        let tabs = app.render().text(ofRow: 0)
        #expect(tabs.hasPrefix(" 1 Non-insured items 0") && !tabs.contains("Add item"))
        app.handle(.character("a"))
        #expect(app.render().text.contains("The Add item tab is hidden by your views file"))
        app.handle(.tab)
        app.handle(.tab)
        app.handle(.tab)
        #expect(app.render().text.contains("0 items · worth"), "Tab cycles through list tabs only")
    }

    @Test func aBadScreenIsRefusedWithItsFileEntryAndKey() throws {
        let broken = """
            {
              "x": {"Type": "ViewList", "Dependencies": {"view": "nowhere", "title": "@X"}},
              "layout": {"Type": "Tabs", "Dependencies": {"order": ["all"]}},
              "tabs": {"Type": "Tabs", "Dependencies": {"order": ["missing"], "hide": "all"}}
            }
            """
        let views = ViewRegistry(otherTypes: BrowseScreens.typeNames)
        try views.load(json: broken, source: "views.json")
        let screens = BrowseScreens(views: views)
        let error = #expect(throws: RegistryError.self) {
            try screens.load(json: broken, source: "views.json")
        }
        #expect(
            error?.problems.map(\.description) == [
                #"views.json: screen "tabs": dependency "hide": must be a list of screen names such as ["kitchen"], not the screen "all""#,
                #"views.json: screen "tabs": dependency "order": names "missing", which is not a screen"#,
                #"views.json: screen "x": dependency "view": must name a view (views: all, luxury, non-insured, on-loan, archive), not the screen "nowhere""#,
            ])
        #expect(try screens.tabs().count == 5, "nothing of the file was added")
        let misnamed = #expect(throws: RegistryError.self) {
            try screens.load(
                json: #"{"layout": {"Type": "Tabs", "Dependencies": {"order": ["all"]}}}"#,
                source: "views.json")
        }
        #expect(
            misnamed?.description
                == #"views.json: screen "layout": a Tabs entry must be named "tabs" (browse reads no other)"#
        )
        let empty = #expect(throws: RegistryError.self) {
            try screens.load(
                json:
                    #"{"tabs": {"Type": "Tabs", "Dependencies": {"hide": ["all", "luxury", "non-insured", "add", "check"]}}}"#,
                source: "views.json")
        }
        #expect(
            empty?.description
                == #"views.json: screen "tabs": dependency "hide" hides every tab; browse needs at least one"#
        )
    }
}

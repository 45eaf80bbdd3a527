// `browse` handling one keystroke at 100k items, drawing included: moves, tab switches, a
// toggle that writes, the detail screen, the claim picker and a search, in a loop.
import Benchmark
import Foundation
import InventoryBrowse
import InventoryKit

private final class BrowseFixture: @unchecked Sendable {
    let folder: String
    let app: BrowseApp
    var next = 0

    static let keys: [Key] = [
        .down, .down, .pageDown, .character("i"), .up, .character("i"), .end, .home, .tab, .down,
        .enter, .escape, .tab, .character("c"), .escape, .backTab, .backTab, .character("/"),
        .character("l"), .character("a"), .character("m"), .character("p"), .enter, .escape,
    ]

    init(size: Int) throws {
        folder = try Fixtures.scratchFolder("browse")
        let path = folder + "/inventory.sqlite"
        try Fixtures.copyDatabase(Fixtures.inventory(count: size), to: path)
        let manager = try InventoryManager(path: path, notificationCenter: NotificationCenter())
        app = try BrowseApp(
            manager: manager, registry: ViewRegistry(), context: ControllerContext(name: "browse"),
            width: 120, height: 40)
        _ = app.render()
    }

    func pressNextKey() -> Grid {
        _ = app.handle(Self.keys[next % Self.keys.count])
        next += 1
        return app.render()
    }
}

private let browseFixture = Shared<BrowseFixture>()

func browseBenchmarks() {
    let size = 100_000
    Benchmark(
        "browse keystroke (\(size) items)",
        configuration: .init(
            metrics: [.wallClock],
            timeUnits: .microseconds,
            warmupIterations: 24,
            scalingFactor: .one,
            maxDuration: .seconds(10),
            maxIterations: 24 * 40,
            setup: { browseFixture.value = try BrowseFixture(size: size) },
            teardown: {
                if let fixture = browseFixture.value { Fixtures.remove(fixture.folder) }
                browseFixture.value = nil
            }
        )
    ) { benchmark in
        guard let fixture = browseFixture.value else { return }
        for _ in benchmark.scaledIterations {
            blackHole(fixture.pressNextKey())
        }
    }
}

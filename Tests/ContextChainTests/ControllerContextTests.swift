import ContextChain
import Dispatch
import Locking
import Testing

extension ContextKey where Value == String {
    static let userId = ContextKey("userId")
    static let color = ContextKey("color")
}

extension ContextKey where Value == Int {
    static let editedItemID = ContextKey("edited item id")
}

/// An object that owns callbacks and records what they saw.
final class CallbackOwner: Sendable {
    let name: String
    let calls = Lock<[String]>([])

    init(_ name: String) { self.name = name }

    func record(_ text: String) { calls.withLock { $0.append(text) } }
    var recorded: [String] { calls.withLock { $0 } }
}

@Suite struct ControllerContextTests {
    /// app (0) <- session (1) <- unnamed (2) <- screen (3)
    private func chainOfFour() -> (
        app: ControllerContext, session: ControllerContext, middle: ControllerContext,
        screen: ControllerContext
    ) {
        let app = ControllerContext(name: "app")
        let session = ControllerContext(name: "session", inner: app)
        let middle = ControllerContext(inner: session)
        let screen = ControllerContext(name: "screen", inner: middle)
        return (app, session, middle, screen)
    }

    @Test func setStoresInThisContextOnlyAndLookupWalksInward() {
        let (app, session, middle, screen) = chainOfFour()
        app.set("12345", forKey: "userId")
        session.set("Blue", forKey: "color")
        screen.set("Large", forKey: "size")
        #expect(screen.value(forKey: "userId") as? String == "12345")
        #expect(screen.value(forKey: "color") as? String == "Blue")
        #expect(middle.value(forKey: "size") == nil)
        #expect(app.value(forKey: "color") == nil)
        #expect(screen.value(forKey: "missing") == nil)
    }

    @Test func anOuterValueHidesTheSameKeyFurtherIn() {
        let (app, _, middle, screen) = chainOfFour()
        app.set("app", forKey: "title")
        middle.set("middle", forKey: "title")
        #expect(screen.value(forKey: "title") as? String == "middle")
        #expect(app.value(forKey: "title") as? String == "app")
    }

    @Test func aStoredNilHidesTheKeyAndIsNotARemoval() {
        let (app, session, _, screen) = chainOfFour()
        app.set("12345", forKey: "userId")
        session.set(nil, forKey: "userId")
        #expect(screen.value(forKey: "userId") == nil)
        #expect(screen.allKeys.contains("userId"))
        session.removeValue(forKey: "userId")
        #expect(screen.value(forKey: "userId") as? String == "12345")
    }

    @Test func removeTakesTheOutermostCopySoOneFurtherInShowsAgain() {
        let (app, session, _, screen) = chainOfFour()
        app.set("inner", forKey: "k")
        session.set("outer", forKey: "k")
        screen.removeValue(forKey: "k")
        #expect(screen.value(forKey: "k") as? String == "inner")
        #expect(session.value(forKey: "k") as? String == "inner")
        screen.removeValue(forKey: "k")
        #expect(screen.value(forKey: "k") == nil)
        screen.removeValue(forKey: "k")  // nothing left: no effect
        #expect(app.allKeys.isEmpty)
    }

    @Test func removingFiresNoCallbacks() {
        let context = ControllerContext()
        let owner = CallbackOwner("o")
        context.registerCallback(forKey: "k", owner: owner) { _ in owner.record("fired") }
        context.set(1, forKey: "k")
        context.removeValue(forKey: "k")
        #expect(owner.recorded == ["fired"])
    }

    @Test func namedVariantsActOnTheOutermostContextWithThatNameAndOnlyItsOwnEntries() {
        let app = ControllerContext(name: "app")
        let shadow = ControllerContext(name: "dup", inner: app)
        let middle = ControllerContext(inner: shadow)
        let outerDup = ControllerContext(name: "dup", inner: middle)
        app.set("from app", forKey: "k")
        #expect(outerDup.context(named: "dup") === outerDup)
        #expect(middle.context(named: "dup") === shadow)
        #expect(outerDup.context(named: "app") === app)
        #expect(outerDup.context(named: "nothing") == nil)

        #expect(outerDup.set("named", forKey: "k", inContextNamed: "dup"))
        #expect(outerDup.value(forKey: "k", inContextNamed: "dup") as? String == "named")
        #expect(shadow.value(forKey: "k", inContextNamed: "dup") == nil, "no fall-through to app")
        #expect(middle.value(forKey: "k") as? String == "from app")
        #expect(!outerDup.set("x", forKey: "k", inContextNamed: "nowhere"))
        #expect(outerDup.allKeys == ["k"])

        outerDup.removeValue(forKey: "k", inContextNamed: "app")
        #expect(app.value(forKey: "k") == nil)
        #expect(outerDup.value(forKey: "k") as? String == "named")
        outerDup.removeValue(forKey: "k", inContextNamed: "dup")
        #expect(outerDup.value(forKey: "k") == nil)
    }

    @Test func allKeysListsEveryVisibleKeyOnceOuterContextsFirst() {
        let (app, session, _, screen) = chainOfFour()
        app.set(1, forKey: "b")
        app.set(2, forKey: "a")
        session.set(nil, forKey: "z")
        session.set(3, forKey: "b")
        screen.set(4, forKey: "m")
        #expect(screen.allKeys == ["m", "b", "z", "a"])
        #expect(app.allKeys == ["a", "b"])
    }

    @Test func callbacksFireInRegistrationOrderAfterEverySetEvenUnchangedOrNil() {
        let (app, _, _, screen) = chainOfFour()
        let first = CallbackOwner("first")
        let second = CallbackOwner("second")
        let order = Lock<[String]>([])
        screen.registerCallback(forKey: "k", owner: first) { owner in
            let value = screen.value(forKey: "k").map { "\($0)" } ?? "nil"
            order.withLock { $0.append("\((owner as! CallbackOwner).name)=\(value)") }
        }
        screen.registerCallback(forKey: "k", owner: second) { owner in
            order.withLock { $0.append((owner as! CallbackOwner).name) }
        }
        screen.set(1, forKey: "k")
        screen.set(1, forKey: "k")
        screen.set(nil, forKey: "k")
        screen.set(5, forKey: "other")
        app.set(9, forKey: "k")  // another context: its callbacks, not screen's
        #expect(
            order.withLock { $0 } == [
                "first=1", "second", "first=1", "second", "first=nil", "second",
            ])
    }

    @Test func callbacksFireForTheNamedSetAndTheTypedSubscript() {
        let (app, _, _, screen) = chainOfFour()
        let owner = CallbackOwner("o")
        app.registerCallback(forKey: "userId", owner: owner) { _ in owner.record("app") }
        screen.registerCallback(forKey: "userId", owner: owner) { _ in owner.record("screen") }
        #expect(screen.set("1", forKey: "userId", inContextNamed: "app"))
        screen[.userId] = "2"
        #expect(owner.recorded == ["app", "screen"])
    }

    @Test func aCallbackMaySetAndReadTheContextItFiresOn() {
        let context = ControllerContext()
        let owner = CallbackOwner("o")
        context.registerCallback(forKey: "count", owner: owner) { _ in
            let count = context.value(forKey: "count") as? Int ?? 0
            context.set(count * 2, forKey: "double")
        }
        context.set(21, forKey: "count")
        #expect(context.value(forKey: "double") as? Int == 42)
    }

    @Test func callbacksOfAnOwnerThatIsGoneNeverRunAgain() {
        let context = ControllerContext()
        let runs = Lock(0)
        do {
            let owner = CallbackOwner("short-lived")
            context.registerCallback(forKey: "k", owner: owner) { _ in runs.withLock { $0 += 1 } }
            context.set(1, forKey: "k")
        }
        context.set(2, forKey: "k")
        #expect(runs.withLock { $0 } == 1)
    }

    @Test func callbacksCanBeRemovedByOwnerOrAllAtOnce() {
        let context = ControllerContext()
        let kept = CallbackOwner("kept")
        let dropped = CallbackOwner("dropped")
        context.registerCallback(forKey: "k", owner: kept) { _ in kept.record("k") }
        context.registerCallback(forKey: "k", owner: dropped) { _ in dropped.record("k") }
        context.removeCallbacks(for: dropped)
        context.set(1, forKey: "k")
        #expect(kept.recorded == ["k"] && dropped.recorded.isEmpty)
        context.removeAllCallbacks()
        context.set(2, forKey: "k")
        #expect(kept.recorded == ["k"])
    }

    @Test func theDumpShowsTheChainOutermostFirst() {
        let app = ControllerContext(name: "app")
        app.set("12345", forKey: "userId")
        let screen = ControllerContext(inner: app)
        screen.set("Large", forKey: "size")
        screen.set("Blue", forKey: "color")
        #expect(
            screen.dump() == """
                ---------------
                1:--- (null) ---
                1:color = Blue
                1:size = Large
                0:--- app ---
                0:userId = 12345
                ---------------

                """)
        let empty = ControllerContext(name: "empty", inner: ControllerContext(name: "nil"))
        empty.inner?.set(nil, forKey: "gone")
        #expect(
            empty.dump() == """
                ---------------
                1:--- empty ---
                1:[empty]
                0:--- nil ---
                0:gone = <null>
                ---------------

                """)
    }

    @Test func typedKeysReadAndWriteLikeStringKeys() {
        let app = ControllerContext(name: "app")
        let screen = ControllerContext(inner: app)
        app[.userId] = "12345"
        #expect(screen[.userId] == "12345")
        screen[.editedItemID] = 7
        #expect(screen.value(forKey: "edited item id") as? Int == 7)
        screen.set("seven", forKey: "edited item id")
        #expect(screen[.editedItemID] == nil, "a value of another type reads as nil")
        screen[.userId] = nil
        #expect(screen[.userId] == nil && app[.userId] == "12345")
        #expect(screen.allKeys.contains("userId"), "a stored nil, as with set")
    }

    @Test func manyThreadsCanUseOneChainAtOnce() {
        let app = ControllerContext(name: "app")
        let screen = ControllerContext(name: "screen", inner: app)
        let fired = Lock(0)
        let owner = CallbackOwner("o")
        screen.registerCallback(forKey: "shared", owner: owner) { _ in fired.withLock { $0 += 1 } }
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for i in 0..<500 {
                screen.set(i, forKey: "shared")
                screen.set(i, forKey: "t\(thread)")
                app.set(i, forKey: "app\(thread)")
                _ = screen.value(forKey: "app\(thread)")
                _ = screen.allKeys
                _ = screen.dump()
                if i % 2 == 0 { screen.removeValue(forKey: "t\(thread)") }
            }
        }
        #expect(fired.withLock { $0 } == 8 * 500)
        #expect(screen.value(forKey: "t3") as? Int == 499)
        #expect(screen.value(forKey: "app5") as? Int == 499)
        #expect(Set(screen.allKeys).count == screen.allKeys.count)
    }
}

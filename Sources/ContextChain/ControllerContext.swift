import Locking

/// A typed name for a context value: `context[.userId] = "12345"`.
///
/// Declare keys as static members of a constrained extension:
/// `extension ContextKey where Value == String { static let userId = ContextKey("userId") }`.
public struct ContextKey<Value>: Hashable, Sendable {
    /// The string key the value is stored under.
    public let name: String

    /// Creates a key for values stored under `name`.
    public init(_ name: String) {
        self.name = name
    }
}

/// A key/value store with a chain of inner contexts, for passing data between screens
/// without coupling them (after the iOS ControllerContext library).
///
/// A value set here hides the same key further in; `nil` can be stored to hide a key on
/// purpose. Contexts can be named and addressed by name. Callbacks registered on a context run
/// after a value is stored in it, on the setting thread and outside any lock; their owner is
/// held weakly. The context is safe to share between threads.
public final class ControllerContext: Sendable {
    /// The context's name, used by the `inContextNamed:` variants.
    public let name: String?
    /// The next context of the chain, looked in when this one does not hold a key.
    public let inner: ControllerContext?

    private let state = Lock(State())

    private struct State: ~Copyable {
        var values: [String: StoredValue] = [:]
        var callbacks: [Callback] = []
    }

    /// A stored value: `.some(nil)` is an explicit nil. `@unchecked` because the API stores
    /// `Any`; the context itself only keeps and hands back the reference, under its lock.
    private struct StoredValue: @unchecked Sendable {
        let value: Any?
    }

    /// `@unchecked`: the closure is caller-provided and runs on the setting thread, as
    /// documented; the context only stores it under its lock.
    private struct Callback: @unchecked Sendable {
        let key: String
        weak var owner: AnyObject?
        let run: (AnyObject) -> Void
    }

    /// Creates a context, optionally named, in front of `inner`.
    public init(name: String? = nil, inner: ControllerContext? = nil) {
        self.name = name
        self.inner = inner
    }

    // MARK: - Values

    /// Stores `value` under `key` in this context (nil stores an explicit nil that hides the
    /// key further in), then runs this context's callbacks for `key`.
    public func set(_ value: Any?, forKey key: String) {
        state.withLock { $0.values[key] = StoredValue(value: value) }
        fireCallbacks(forKey: key)
    }

    /// The value for `key` in this context or, if it has none, the nearest inner one; an
    /// explicit nil ends the search with nil.
    public func value(forKey key: String) -> Any? {
        var context: ControllerContext? = self
        while let current = context {
            if let stored = current.storedValue(forKey: key) { return stored.value }
            context = current.inner
        }
        return nil
    }

    /// Removes `key` from the outermost context of the chain that holds it (an explicit nil
    /// counts), so a value further in shows again. Runs no callbacks.
    public func removeValue(forKey key: String) {
        var context: ControllerContext? = self
        while let current = context {
            let removed = current.state.withLock { $0.values.removeValue(forKey: key) != nil }
            if removed { return }
            context = current.inner
        }
    }

    /// Stores `value` in the outermost context named `name` (this one included), then runs
    /// that context's callbacks for `key`.
    ///
    /// - Returns: false, and changes nothing, when no context of the chain has that name.
    @discardableResult
    public func set(_ value: Any?, forKey key: String, inContextNamed name: String) -> Bool {
        guard let context = context(named: name) else { return false }
        context.set(value, forKey: key)
        return true
    }

    /// The value the outermost context named `name` itself holds for `key` (no fall-through
    /// to its inner contexts), or nil.
    public func value(forKey key: String, inContextNamed name: String) -> Any? {
        context(named: name)?.storedValue(forKey: key)?.value
    }

    /// Removes `key` from the outermost context named `name` itself, if it holds it.
    public func removeValue(forKey key: String, inContextNamed name: String) {
        _ = context(named: name)?.state.withLock { $0.values.removeValue(forKey: key) }
    }

    /// The outermost context of the chain (this one included) named `name`.
    public func context(named name: String) -> ControllerContext? {
        var context: ControllerContext? = self
        while let current = context {
            if current.name == name { return current }
            context = current.inner
        }
        return nil
    }

    /// Every key visible from this context, stored nils included, once each: this context's
    /// keys first (sorted), then each inner context's new ones.
    public var allKeys: [String] {
        var seen: Set<String> = []
        var keys: [String] = []
        var context: ControllerContext? = self
        while let current = context {
            for key in current.state.withLock({ $0.values.keys.sorted() })
            where seen.insert(key).inserted {
                keys.append(key)
            }
            context = current.inner
        }
        return keys
    }

    /// The typed value for `key`: reads and writes as `value(forKey:)` and `set(_:forKey:)`
    /// do; a value of another type reads as nil.
    public subscript<Value>(key: ContextKey<Value>) -> Value? {
        get { value(forKey: key.name) as? Value }
        set { set(newValue, forKey: key.name) }
    }

    private func storedValue(forKey key: String) -> StoredValue? {
        state.withLock { $0.values[key] }
    }

    // MARK: - Callbacks

    /// Runs `callback` with `owner` after each value stored under `key` in this context, even
    /// an unchanged value or nil, in registration order. `owner` is held weakly: once it is
    /// gone the callback never runs again.
    public func registerCallback(
        forKey key: String, owner: AnyObject, _ callback: @escaping (AnyObject) -> Void
    ) {
        state.withLock { $0.callbacks.append(Callback(key: key, owner: owner, run: callback)) }
    }

    /// Drops every callback registered with `owner`.
    public func removeCallbacks(for owner: AnyObject) {
        state.withLock { $0.callbacks.removeAll { $0.owner == nil || $0.owner === owner } }
    }

    /// Drops every callback of this context.
    public func removeAllCallbacks() {
        state.withLock { $0.callbacks.removeAll() }
    }

    private func fireCallbacks(forKey key: String) {
        // Collected under the lock, run outside it: a callback may read or set the context.
        let ready: [Callback] = state.withLock { state in
            state.callbacks.removeAll { $0.owner == nil }
            return state.callbacks.filter { $0.key == key }
        }
        for callback in ready {
            // The owner may have gone since: then the callback does not run.
            if let owner = callback.owner { callback.run(owner) }
        }
    }

    // MARK: - Dump

    /// The chain, outermost first, levels numbered from N−1 down to 0, keys sorted:
    ///
    ///     ---------------
    ///     1:--- (null) ---
    ///     1:color = Blue
    ///     0:--- app ---
    ///     0:userId = 12345
    ///     ---------------
    ///
    /// `(null)` marks an unnamed context, `<null>` a stored nil, `N:[empty]` a context with no keys.
    public func dump() -> String {
        var chain: [ControllerContext] = []
        var context: ControllerContext? = self
        while let current = context {
            chain.append(current)
            context = current.inner
        }
        var lines = ["---------------"]
        for (offset, current) in chain.enumerated() {
            let level = chain.count - 1 - offset
            lines.append("\(level):--- \(current.name ?? "(null)") ---")
            let values = current.state.withLock { $0.values }
            if values.isEmpty { lines.append("\(level):[empty]") }
            for key in values.keys.sorted() {
                let text = values[key]?.value.map { String(describing: $0) } ?? "<null>"
                lines.append("\(level):\(key) = \(text)")
            }
        }
        lines.append("---------------")
        return lines.joined(separator: "\n") + "\n"
    }
}

import Locking

/// A count of the requests of one kind being served (uploads), refusing one past `limit`.
final class Admissions: Sendable {
    /// The most served at once.
    let limit: Int
    private let count = Lock(0)

    init(limit: Int) {
        self.limit = limit
    }

    /// Runs `body` counted, or returns nil without running it when `limit` are being served.
    func ifAdmitted<Result>(_ body: () async throws -> Result) async rethrows -> Result? {
        let admitted = count.withLock { count in
            guard count < limit else { return false }
            count += 1
            return true
        }
        guard admitted else { return nil }
        defer { count.withLock { $0 -= 1 } }
        return try await body()
    }

    /// How many are being served.
    var current: Int { count.withLock { $0 } }
}

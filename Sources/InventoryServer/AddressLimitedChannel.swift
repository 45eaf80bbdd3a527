import HummingbirdCore
import Locking
import Logging
import NIOCore

/// A server's child channel that counts each address's open connections and closes, as it
/// opens, one more than the address may hold; the rest is `base`'s (HTTP/1.1, over TLS).
///
/// The count is taken before a TLS handshake, so that handshakes cannot be opened past it.
struct AddressLimitedChannel<Base: ServerChildChannel>: ServerChildChannel {
    typealias Value = Base.Value

    let base: Base
    let counter: ConnectionCounter

    /// Another connection from an address that holds as many as it may.
    struct TooManyConnections: Error {}

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let address = channel.remoteAddress?.ipAddress ?? "unknown"
        guard counter.open(from: address) else {
            channel.close(promise: nil)
            return channel.eventLoop.makeFailedFuture(TooManyConnections())
        }
        let counter = self.counter
        channel.closeFuture.whenComplete { _ in counter.close(from: address) }
        return base.setup(channel: channel, logger: logger)
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}

/// The connections each address holds open.
final class ConnectionCounter: Sendable {
    /// The most one address may hold.
    let perAddress: Int
    private let open = Lock<[String: Int]>([:])

    init(perAddress: Int) {
        self.perAddress = perAddress
    }

    /// Counts a connection from `address`, unless it holds `perAddress` already.
    func open(from address: String) -> Bool {
        open.withLock { counts in
            let count = counts[address, default: 0]
            guard count < perAddress else { return false }
            counts[address] = count + 1
            return true
        }
    }

    /// Counts a connection from `address` closed.
    func close(from address: String) {
        open.withLock { counts in
            let count = counts[address, default: 1] - 1
            counts[address] = count > 0 ? count : nil
        }
    }
}

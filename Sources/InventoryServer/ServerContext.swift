public import Hummingbird
import NIOCore

/// What a request carries through the server: where it came from and, once the sign-in
/// middleware has seen its cookie, its session.
public struct ServerContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The address the request came from, for the sign-in limit.
    public let remoteAddress: String
    /// The signed-in session, set by the middleware for every route that needs one.
    public var session: Sessions.Session?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress?.ipAddress ?? "unknown"
    }

    /// The largest request body a route may read: a photo from a phone's camera.
    public var maxUploadSize: Int { 32 << 20 }
}

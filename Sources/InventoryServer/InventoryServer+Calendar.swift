import Foundation
import Hummingbird
import InventoryExchange
import InventoryKit
import NIOCore

extension InventoryServer {
    /// `GET /calendar/TOKEN.ics`: what is due as an iCalendar feed, for calendars that
    /// subscribe to it (they send no cookie: the token in the address is the key, made by
    /// `inventory calendar --new-link`). An unknown token is a 404 like any unknown page.
    func addCalendarRoutes(to router: Router<ServerContext>) {
        router.get("/calendar/:file") { _, context in
            let file = try Self.parameter("file", context)
            return try await self.blocking.run {
                guard file.hasSuffix(".ics"),
                    try self.manager.isCalendarToken(String(file.dropLast(4)))
                else { throw ServerError.notFound("There is no such calendar.") }
                let feed = DueCalendar.feed(
                    try self.manager.due(withinDays: 366),
                    title: try self.manager.settings().reportTitle,
                    identity: try self.manager.identity(), now: Timestamp(Date()))
                return Response(
                    status: .ok,
                    headers: [
                        .contentType: "text/calendar; charset=utf-8", .cacheControl: "no-store",
                    ],
                    body: .init(byteBuffer: ByteBuffer(string: feed)))
            }
        }
    }
}

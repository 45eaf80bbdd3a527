import Foundation
import InventoryFiles
import InventoryModel
import InventoryStore

extension InventoryManager {
    /// The settings key of the calendar feed's token: its SHA-256, never the token.
    static let calendarTokenKey = "calendar.token_sha256"

    /// Makes the token of the calendar feed's private address, replacing (revoking) any
    /// earlier one, and returns it: it is shown once, and the inventory keeps only its digest.
    public func newCalendarToken() throws -> String {
        let token = Hexadecimal.randomSecret(byteCount: 24)
        let digest = SHA256.hash(data: token.utf8).hexadecimal
        try withStore { store in
            try store.database.write {
                try store.database.settings.setValue(digest, forKey: Self.calendarTokenKey)
            }
        }
        return token
    }

    /// Revokes the calendar feed's address; false when there was none.
    @discardableResult
    public func revokeCalendarToken() throws -> Bool {
        try withStore { store in
            try store.database.write {
                guard try store.database.settings.value(forKey: Self.calendarTokenKey) != nil
                else { return false }
                try store.database.settings.setValue(nil, forKey: Self.calendarTokenKey)
                return true
            }
        }
    }

    /// Whether `token` opens the calendar feed (compared by digest, in constant time).
    public func isCalendarToken(_ token: String) throws -> Bool {
        guard
            let stored = try withStore({
                try $0.database.settings.value(forKey: Self.calendarTokenKey)
            })
        else { return false }
        return Hexadecimal.isSame(SHA256.hash(data: token.utf8).hexadecimal, as: stored)
    }

    /// Whether the calendar feed has an address.
    public func hasCalendarToken() throws -> Bool {
        try withStore { try $0.database.settings.value(forKey: Self.calendarTokenKey) != nil }
    }
}

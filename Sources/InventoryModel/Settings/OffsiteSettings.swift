/// Where the household keeps its off-site copy (`inventory offsite`): a restic repository,
/// where restic finds its password, and when the last copy went up. The password itself is
/// never kept in the inventory.
public struct OffsiteSettings: Sendable, Hashable {
    /// The restic repository's address (a folder, `sftp:host:/path`, `s3:…`, `rclone:…`); nil
    /// until `inventory offsite init`.
    public var repository: String?
    /// The file restic reads the password from (`RESTIC_PASSWORD_FILE`), if so.
    public var passwordFile: String?
    /// The command restic runs for the password (`RESTIC_PASSWORD_COMMAND`), if so.
    public var passwordCommand: String?
    /// When the last copy went up, if one did.
    public var lastPush: Timestamp?
    /// How old the last copy may be before `inventory check` says so.
    public var periodDays: Int

    /// The period a household has unless it sets another: a week.
    public static let defaultPeriodDays = 7

    /// Settings with nothing set up yet.
    public init(
        repository: String? = nil, passwordFile: String? = nil, passwordCommand: String? = nil,
        lastPush: Timestamp? = nil, periodDays: Int = OffsiteSettings.defaultPeriodDays
    ) {
        self.repository = repository
        self.passwordFile = passwordFile
        self.passwordCommand = passwordCommand
        self.lastPush = lastPush
        self.periodDays = periodDays
    }
}

extension OffsiteSettings {
    /// What `inventory check` says of the off-site copy at `now`, or nil when the last copy is
    /// recent enough: none set up, never pushed, or older than the period.
    public func finding(now: Timestamp) -> String? {
        guard repository != nil else {
            return "none is set up (inventory offsite init keeps one away from the house)"
        }
        guard let lastPush else { return "none was pushed yet (inventory offsite push)" }
        let days = Int((now.millisecondsSince1970 - lastPush.millisecondsSince1970) / 86_400_000)
        guard days >= periodDays else { return nil }
        return "the last one is \(days) days old, more than \(periodDays) "
            + "(inventory offsite push)"
    }
}

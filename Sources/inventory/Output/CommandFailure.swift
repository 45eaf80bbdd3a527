/// A failure a command reports in its own words, with its exit status.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    let status: Int32
}

import ArgumentParser

/// `inventory-server`: the binary of `inventory serve`, and the workbook writer of
/// `inventory claim export --format xlsx` (`inventory-server workbook`), the two things that
/// link libraries a static `inventory` cannot (NIO; libxlsxwriter, which Debian ships shared).
@main
enum Main {
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == WorkbookCommand.configuration.commandName {
            WorkbookCommand.main(Array(arguments.dropFirst()))
        } else {
            await ServeCommand.main(arguments)
        }
    }
}

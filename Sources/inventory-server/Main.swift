import ArgumentParser

/// `inventory-server`: the binary of `inventory serve`, the workbook writer of
/// `inventory claim export --format xlsx` (`inventory-server workbook`) and the thumbnail
/// maker of `inventory thumbnails` (`inventory-server thumbnails`) and the assistant's tools of
/// `inventory mcp` (`inventory-server mcp`), the things that link
/// libraries a static `inventory` cannot (NIO; libxlsxwriter and libvips, which Debian ships
/// shared).
@main
enum Main {
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == WorkbookCommand.configuration.commandName {
            WorkbookCommand.main(Array(arguments.dropFirst()))
        } else if arguments.first == ThumbnailsCommand.configuration.commandName {
            ThumbnailsCommand.main(Array(arguments.dropFirst()))
        } else if arguments.first == MCPCommand.configuration.commandName {
            await MCPCommand.main(Array(arguments.dropFirst()))
        } else {
            await ServeCommand.main(arguments)
        }
    }
}

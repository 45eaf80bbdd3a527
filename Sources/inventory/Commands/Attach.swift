import ArgumentParser
import InventoryKit

extension Attachment.Kind: ChoiceArgument {}

struct Attach: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "attach",
        _superCommandName: CommandParsing.rootName,
        abstract: "Attach a photo, receipt, manual, warranty or other file to an item.",
        discussion: """
            The file is copied into the inventory (named by its content, so the same file is \
            kept once, readable by you alone) and checked by its content: a photo must be a \
            JPEG, PNG, GIF, WebP or HEIC picture; a receipt, manual, warranty or other file \
            may also be a PDF. The first photo of an item becomes its main photo. `inventory \
            show ID` lists the files with their numbers.

            Examples:
              inventory attach 3 receipt.pdf --kind receipt --caption "Till receipt"
              inventory attach 3 back.jpg
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The item's id.")
    var id: Int64

    @Argument(help: "The file to attach.")
    var file: String

    @Option(help: "photo, receipt, manual, warranty or other.")
    var kind: Attachment.Kind = .photo

    @Option(help: "What it shows, in a few words.")
    var caption: String?

    func run() throws {
        let manager = try database.openManager(.write)
        let item = try manager.attach(file: file, toItem: id, as: kind, caption: caption)
        let attached = item.attachments.last!
        Terminal.standardOutput.writeLine(
            "attached \(attached.kind.rawValue) \(attached.id) to \(item.id) "
                + VisibleText.of(item.name))
    }
}

struct Detach: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "detach",
        _superCommandName: CommandParsing.rootName,
        abstract: "Take a file away from an item.",
        discussion: """
            FILE-ID is the file's number that `inventory show ID` lists. The stored file is \
            deleted when no other item uses it.

            Examples:
              inventory detach 3 2
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The item's id.")
    var id: Int64

    @Argument(help: ArgumentHelp("The file's number on the item.", valueName: "file-id"))
    var attachmentID: Int

    func run() throws {
        let manager = try database.openManager(.write)
        let item = try manager.detach(attachment: attachmentID, fromItem: id)
        Terminal.standardOutput.writeLine(
            "detached file \(attachmentID) from \(item.id) \(VisibleText.of(item.name))")
    }
}

struct PictureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "picture",
        _superCommandName: CommandParsing.rootName,
        abstract: "Make one of an item's photos its picture, shown first everywhere.",
        discussion: """
            The first photo attached becomes an item's picture; this chooses another. \
            FILE-ID is the photo's number that `inventory show ID` lists.

            Examples:
              inventory picture 3 2
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The item's id.")
    var id: Int64

    @Argument(help: "The photo's number.")
    var fileID: Int

    func run() throws {
        let manager = try database.openManager(.write)
        let item = try manager.choosePicture(attachment: fileID, ofItem: id)
        Terminal.standardOutput.writeLine(
            "photo \(fileID) is the picture of \(item.id) " + VisibleText.of(item.name))
    }
}

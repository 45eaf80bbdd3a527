import ArgumentParser
import Foundation
import Workbook
import WorkbookWriter

/// `inventory-server workbook --output FILE`: reads a `Workbook` as JSON on standard input and
/// writes it as an Excel file (run by `inventory claim export --format xlsx`, which checks
/// where it may write and moves the file there).
struct WorkbookCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workbook",
        abstract: "Write a workbook read as JSON on stdin as an Excel file (run by inventory).")

    @Option(help: ArgumentHelp("The Excel file to write.", valueName: "file"))
    var output: String

    func run() throws {
        let input = FileHandle.standardInput.readDataToEndOfFile()
        let workbook: Workbook
        do {
            workbook = try JSONDecoder().decode(Workbook.self, from: input)
        } catch {
            throw ValidationError("standard input is not a workbook")
        }
        do {
            try WorkbookWriter.write(workbook, to: output)
        } catch let error as WorkbookWriterError {
            throw ValidationError("cannot write the workbook: \(error.description)")
        }
    }
}

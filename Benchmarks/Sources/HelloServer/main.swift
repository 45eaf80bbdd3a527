// The server benchmarks' baseline: Hummingbird's "hello" route, built and served the way
// `inventory-server` is (HTTP/1.1, the default event loops, warnings only in the log). Prints
// its address once it listens, then serves until SIGTERM.
import Foundation
import Hummingbird
import Logging

var logger = Logger(label: "hello")
logger.logLevel = .warning
let router = Router()
router.get("/") { _, _ in "Hello!" }
let application = Application(
    router: router,
    configuration: .init(address: .hostname("127.0.0.1", port: 0)),
    onServerRunning: { channel in
        let line = "http://127.0.0.1:\(channel.localAddress?.port ?? 0)\n"
        FileHandle.standardOutput.write(Data(line.utf8))
    },
    logger: logger)
try await application.runService()

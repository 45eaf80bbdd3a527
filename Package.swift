// swift-tools-version: 6.1
import PackageDescription

// The manifest is the architecture: each target imports only the targets below it, so a wrong
// import does not compile. From the bottom up (docs/ARCHITECTURE.md says what each holds):
//
//   Locking           Lock<Value>: Synchronization.Mutex, or a pthread mutex for ThreadSanitizer
//   InventoryModel    pure values: items, money, dates, filters, sorts, claims, changes, errors
//   QRCode            QR Code symbols (ISO/IEC 18004) for labels: the standard's encoder
//   InventoryFiles    files, no SQL: FileStore (photos and receipts by content hash),
//                     OutputFile and OutputFolder (files written for the user, whole or not at all)
//   InventoryStore    the only SQL and the only `import CSQLite`: Database, Migrator,
//                     InventoryDatabase (the one connection) and a type per table over it
//   ContextChain      ControllerContext, on its own (the standard library and Locking)
//   ObjectRegistry    the generic registry: objects built by name from JSON (no inventory)
//   InventoryKit      InventoryManager, live views, ViewRegistry, forms (re-exports the two)
//   InventoryExchange data in and out: CSV, Homebox, our JSON (import and export)
//   InventoryBrowse   the full-screen app's screens, terminal-agnostic (keys in, cells out)
//   InventoryReport   the printable report: HTML through Plot, charts as SVG, photos beside
//   InventoryServer   the inventory in the browser: Hummingbird routes, pages, live events
//   InventoryCommandLine  what the two command lines add to an error: what to type
//   inventory         the command line: arguments, printing, the terminal
//   inventory-server  `inventory serve`, a binary of its own so the CLI does not link NIO
// What `--static-swift-stdlib` adds to a release link, for the executables that link the Swift
// libraries statically without it: Foundation's static archives that its dynamic modules do not
// name (ICU, CoreFoundation and its shims), and Synchronization.
let staticFoundation: [LinkerSetting] = [
    "_FoundationICU", "CoreFoundation", "_FoundationCShims", "_FoundationCollections",
    "swiftSynchronization",
].map { .linkedLibrary($0, .when(platforms: [.linux], configuration: .release)) }

let package = Package(
    name: "inventory",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "InventoryKit", targets: ["InventoryKit"]),
        // The SQLite layer under it (a connection, its tables), which InventoryKit re-exports
        // only the failures and opening of: for the benchmarks' store against GRDB.
        .library(name: "InventoryStore", targets: ["InventoryStore"]),
        // QR Code symbols, for labels; usable without the inventory.
        .library(name: "QRCode", targets: ["QRCode"]),
        // The two seed libraries, usable without the inventory.
        .library(name: "ContextChain", targets: ["ContextChain"]),
        .library(name: "ObjectRegistry", targets: ["ObjectRegistry"]),
        // The full-screen app's screens, for programs that drive them (and the benchmarks).
        .library(name: "InventoryBrowse", targets: ["InventoryBrowse"]),
        // The off-site copy through restic, for programs that keep one (and the benchmarks).
        .library(name: "InventoryOffsite", targets: ["InventoryOffsite"]),
        // The report for the insurer, for programs that make it themselves.
        .library(name: "InventoryReport", targets: ["InventoryReport"]),
        .executable(name: "inventory", targets: ["inventory"]),
        // `inventory serve` runs this binary, installed beside `inventory`.
        .executable(name: "inventory-server", targets: ["inventory-server"]),
        // The schema as SQL, for the benchmarks' GRDB baseline.
        .library(name: "InventoryMigrations", targets: ["InventoryMigrations"]),
    ],
    dependencies: [
        // Exactly this version: the command line uses its experimental `_superCommandName`
        // to parse a command alone (CommandParsing); CommandParsingTests compare every outcome
        // (values, errors, help, version) with a plain parse, and are read again before a bump.
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        // Tests only: an independent reader of the archives we write, and the writer of the
        // hostile ones a restore must refuse. (Restores read with ZipReader: ZIPFoundation's
        // inflate never ends on a deflate stream cut short; see ZipReader.swift.)
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        // HTML for the report. Held to 0.14: its attribute values are written unescaped and its
        // text escaping keeps entities, so InventoryReport escapes every text itself
        // (HTMLText.swift); a version that changed either must be read before it is taken.
        .package(url: "https://github.com/JohnSundell/Plot", .upToNextMinor(from: "0.14.0")),
        // HTTP for `inventory serve`. Its default traits pull in swift-configuration, which we
        // do not use.
        .package(
            url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        // Hummingbird's own: its logger, its service group (stopping cleanly on SIGINT/SIGTERM).
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
        // The Model Context Protocol's Swift SDK: `inventory mcp`, for AI assistants.
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // zlib: the CRC-32 for the backup archive's writer (ZIPFoundation's own, in Swift, was
        // the largest part of a backup's time on Linux; see ZipWriter.swift) and deflate,
        // inflate for its reader.
        .systemLibrary(
            name: "CZlibChecksum",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // The top-level Migrations/ folder, compiled into the binary as Swift string literals
        // by the MigrationsPlugin build tool, so a copied binary carries its schema.
        .target(
            name: "InventoryMigrations",
            path: "Migrations",
            plugins: ["MigrationsPlugin"]
        ),
        .executableTarget(name: "MigrationsGenerator"),
        .plugin(
            name: "MigrationsPlugin",
            capability: .buildTool(),
            dependencies: ["MigrationsGenerator"],
            path: "Sources/MigrationsPlugin"
        ),
        .target(name: "Locking"),
        .target(name: "InventoryModel"),
        // No QR Code library is in the package mirror: the encoder is written from the
        // standard, and its tests read every symbol back with a real decoder (zbarimg).
        .target(name: "QRCode"),
        // OpenSSL's libcrypto (Debian's libssl-dev): SHA-256 and scrypt. swift-crypto did the
        // same with a copy of BoringSSL compiled in every build (two to three minutes of a
        // processor in a fresh clone's CI, its largest dependency but the server's TLS).
        .systemLibrary(
            name: "CLibCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        .target(name: "InventoryFiles", dependencies: ["InventoryModel", "CLibCrypto"]),
        // A spreadsheet of typed cells (no file format, no C library), and its writer: Excel
        // files through libxlsxwriter (Debian's libxlsxwriter-dev). Debian ships it as a shared
        // library only, so the writer lives in `inventory-server`, which links dynamically;
        // `inventory claim export --format xlsx` hands it the workbook as JSON.
        .target(name: "Workbook"),
        .systemLibrary(
            name: "CXlsxWriter",
            pkgConfig: "xlsxwriter",
            providers: [.apt(["libxlsxwriter-dev"])]
        ),
        .target(name: "WorkbookWriter", dependencies: ["Workbook", "CXlsxWriter"]),
        // Thumbnails through libvips (Debian's libvips-dev, with libheif for a phone's HEIC):
        // shared libraries too, so in `inventory-server` only.
        .systemLibrary(name: "CVips", providers: [.apt(["libvips-dev"])]),
        .target(name: "Thumbnailer", dependencies: ["CVips", "InventoryFiles"]),
        .target(
            name: "InventoryStore",
            dependencies: [
                "InventoryModel", "InventoryFiles", "Locking", "CSQLite", "InventoryMigrations",
            ]
        ),
        .target(name: "ContextChain", dependencies: ["Locking"]),
        .target(name: "ObjectRegistry", dependencies: ["Locking"]),
        .target(
            name: "InventoryKit",
            dependencies: [
                "InventoryModel", "InventoryFiles", "InventoryStore", "ContextChain",
                "ObjectRegistry", "Locking",
            ]),
        .target(
            name: "InventoryExchange",
            dependencies: [
                "InventoryKit", "InventoryFiles", "Locking", "CZlibChecksum", "Workbook",
            ]),
        // The off-site copy: a backup staged as a folder, copied by restic.
        .target(
            name: "InventoryOffsite",
            dependencies: ["InventoryKit", "InventoryExchange", "InventoryFiles", "Locking"]),
        .target(name: "InventoryBrowse", dependencies: ["InventoryKit"]),
        .target(
            name: "InventoryReport",
            dependencies: ["InventoryKit", "QRCode", .product(name: "Plot", package: "Plot")]),
        .target(
            name: "InventoryServer",
            dependencies: [
                "InventoryKit", "InventoryExchange", "InventoryReport", "InventoryFiles", "Locking",
                // the adjuster's spreadsheet, through libxlsxwriter
                "WorkbookWriter",
                // thumbnails, through libvips
                "Thumbnailer",
                // scrypt, for the household password's hash
                "CLibCrypto",
                // the assistant's tools, over HTTP for a token
                "InventoryAssistant", .product(name: "MCP", package: "swift-sdk"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                // NIOThreadPool: the household password's checks run on threads of their own
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                // the signals a server stops on, named where the service group is made
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                // ByteBuffer to and from Data, for JSON
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
                .product(name: "Plot", package: "Plot"),
            ]),
        // The inventory's tools for AI assistants, over the Model Context Protocol.
        .target(
            name: "InventoryAssistant",
            dependencies: [
                "InventoryKit", "InventoryExchange", "Locking",
                .product(name: "MCP", package: "swift-sdk"),
            ]),
        // The words only a command line says (`add --force`, 'inventory restore FILE'), shared
        // by the two binaries; the libraries say what happened.
        .target(
            name: "InventoryCommandLine", dependencies: ["InventoryKit", "InventoryExchange"]),
        .executableTarget(
            name: "inventory-server",
            dependencies: [
                "InventoryServer", "InventoryBrowse", "InventoryCommandLine", "InventoryExchange",
                "Locking", "InventoryAssistant",
                .product(name: "MCP", package: "swift-sdk"),
                "Workbook", "WorkbookWriter",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                // IOError: why binding the port failed, by its error number
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            // A release build carries the Swift libraries (glibc and the C++ runtime stay the
            // system's), so that it runs where `inventory` does, without a toolchain: the link
            // is complete on its own like `inventory`'s (below), so the plain
            // `swift build -c release` that CI and Scripts/install make is the one release
            // build. lld links it, which does not repeat glibc's link-time notes (mktemp in the
            // static Foundation) as warnings.
            linkerSettings: [
                .unsafeFlags(
                    ["-static-stdlib", "-use-ld=lld"],
                    .when(platforms: [.linux], configuration: .release))
            ] + staticFoundation
                // the MCP SDK's HTTP client imports FoundationNetworking: its URLSession glue,
                // static, over the system's libcurl (Debian's libcurl4)
                + ["_CFURLSessionInterface", "curl"].map {
                    .linkedLibrary($0, .when(platforms: [.linux], configuration: .release))
                }),
        .executableTarget(
            name: "inventory",
            dependencies: [
                "InventoryKit", "InventoryBrowse", "InventoryExchange", "InventoryReport",
                "InventoryCommandLine", "InventoryOffsite", "Locking",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // A release build of the command line is one static executable: no dynamic loader,
            // no libraries to find and bind, no relocations to apply at each start: what a
            // short command spends most on (the cold listing's benchmark row
            // compares it with `sqlite3 -json`).
            // lld links it: it ignores glibc's link-time notes on getpwnam and the like (no
            // user database is read; $HOME names the home folder).
            // The link is complete on its own (staticFoundation), so that a plain
            // `swift build -c release` (and `swift run -c release inventory`) makes it without
            // `--static-swift-stdlib`.
            linkerSettings: [
                .unsafeFlags(
                    ["-static-executable", "-use-ld=lld"],
                    .when(platforms: [.linux], configuration: .release))
            ] + staticFoundation
        ),
        // Helpers the test targets share: temporary folders, pictures, a change recorder.
        .target(
            name: "InventoryTestSupport", dependencies: ["InventoryKit", "Locking"],
            path: "Tests/InventoryTestSupport"),
        .testTarget(name: "LockingTests", dependencies: ["Locking"]),
        .testTarget(name: "QRCodeTests", dependencies: ["QRCode"]),
        .testTarget(name: "ContextChainTests", dependencies: ["ContextChain", "Locking"]),
        .testTarget(name: "ObjectRegistryTests", dependencies: ["ObjectRegistry"]),
        .testTarget(
            name: "InventoryModelTests", dependencies: ["InventoryModel", "InventoryTestSupport"]),
        .testTarget(
            name: "InventoryFilesTests",
            dependencies: ["InventoryFiles", "InventoryModel", "InventoryTestSupport"]),
        .testTarget(
            name: "InventoryStoreTests",
            dependencies: ["InventoryStore", "InventoryTestSupport", "CSQLite"]),
        .testTarget(
            name: "InventoryKitTests",
            dependencies: [
                "InventoryKit", "InventoryTestSupport", "Locking", "InventoryMigrations",
                // the store itself, under the manager: its files made, damaged or read back
                "InventoryStore",
            ]),
        .testTarget(
            name: "InventoryExchangeTests",
            dependencies: [
                "InventoryExchange", "InventoryTestSupport", "Locking", "InventoryStore",
                // to make the hostile archives restore must refuse, and read what it writes
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                "InventoryFiles",
            ]),
        .testTarget(
            name: "InventoryReportTests",
            dependencies: ["InventoryReport", "InventoryTestSupport"]),
        .testTarget(
            name: "ThumbnailerTests",
            dependencies: ["Thumbnailer", "InventoryFiles", "InventoryTestSupport"]),
        .testTarget(
            name: "InventoryServerTests",
            dependencies: [
                "InventoryServer", "InventoryTestSupport", "InventoryStore",
                // a channel for the context of a request answered in process (RouterClient)
                .product(name: "NIOEmbedded", package: "swift-nio"),
                // to serve the application on a port, met by raw sockets
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
            ]),
        .testTarget(
            name: "InventoryAssistantTests",
            dependencies: [
                "InventoryAssistant", "InventoryKit", "InventoryTestSupport",
                .product(name: "MCP", package: "swift-sdk"),
            ]),
        .testTarget(
            name: "InventoryOffsiteTests",
            dependencies: ["InventoryOffsite", "InventoryExchange", "InventoryTestSupport"]),
        .testTarget(
            name: "InventoryBrowseTests",
            dependencies: ["InventoryBrowse", "InventoryTestSupport", "InventoryStore"]),
        .testTarget(
            name: "InventoryCommandLineTests",
            dependencies: ["InventoryCommandLine", "InventoryExchange", "InventoryKit"]),
        .testTarget(
            name: "inventoryTests",
            dependencies: [
                "inventory", "InventoryKit", "InventoryMigrations", "InventoryTestSupport",
                "Locking", "InventoryStore",
            ]),
    ],
    swiftLanguageModes: [.v6]
)

// The rules the compiler enforces on every Swift target of ours: an existential says `any`, a
// file uses only the members of the modules it imports, and an import is the module's own
// unless it says `public import` (what its public declarations show of another module).
for target in package.targets where [.regular, .executable, .test].contains(target.type) {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("ExistentialAny"),
            .enableUpcomingFeature("MemberImportVisibility"),
            .enableUpcomingFeature("InternalImportsByDefault"),
        ]
}

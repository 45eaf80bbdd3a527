// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "inventory",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "InventoryKit", targets: ["InventoryKit"]),
        .executable(name: "inventory", targets: ["inventory"]),
        // The schema as SQL, for the benchmarks' GRDB baseline.
        .library(name: "InventoryMigrations", targets: ["InventoryMigrations"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
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
        .target(
            name: "InventoryKit",
            dependencies: [
                "CSQLite",
                "InventoryMigrations",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .executableTarget(
            name: "inventory",
            dependencies: [
                "InventoryKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "InventoryKitTests", dependencies: ["InventoryKit", "CSQLite"]),
        .testTarget(name: "inventoryTests", dependencies: ["inventory", "InventoryKit"]),
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version: 6.1
import PackageDescription

// Examples of the libraries, each an executable that CI builds and runs. Each depends only on
// the product it shows, so building it proves that product builds alone: ContextChain and
// ObjectRegistry without InventoryKit.
let package = Package(
    name: "Examples",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "inventory", path: "..")],
    targets: [
        // The code of InventoryKit's "Getting started" article.
        .executableTarget(
            name: "GettingStarted",
            dependencies: [.product(name: "InventoryKit", package: "inventory")]),
        // The blog's scenario two: views observing one manager stay in sync.
        .executableTarget(
            name: "LiveViews",
            dependencies: [.product(name: "InventoryKit", package: "inventory")]),
        // The blog's scenario one: the claim form, its picker and their delegates.
        .executableTarget(
            name: "ClaimForm",
            dependencies: [.product(name: "InventoryKit", package: "inventory")]),
        // ControllerContext's README example.
        .executableTarget(
            name: "ContextChainExample",
            dependencies: [.product(name: "ContextChain", package: "inventory")]),
        // The registry creating objects of a type of the example's own from JSON.
        .executableTarget(
            name: "RegistryExample",
            dependencies: [.product(name: "ObjectRegistry", package: "inventory")]),
    ],
    swiftLanguageModes: [.v6]
)

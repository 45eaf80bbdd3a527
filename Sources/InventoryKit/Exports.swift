// `import InventoryKit` gives the whole library, as it did when it was one module: the values
// of InventoryModel, the storage of InventoryStore, the stored and written files of
// InventoryFiles, and the two seed libraries it builds on —
// ControllerContext (module ContextChain) and the generic Registry (module ObjectRegistry).
@_exported import ContextChain
@_exported import InventoryFiles
@_exported import InventoryModel
@_exported import InventoryStore
@_exported import ObjectRegistry

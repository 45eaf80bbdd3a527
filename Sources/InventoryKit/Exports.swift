// `import InventoryKit` gives the layers below it that its users work with: the values of
// InventoryModel, the stored and written files of InventoryFiles, the two seed libraries it
// builds on — ControllerContext (module ContextChain) and the generic Registry (module
// ObjectRegistry) — and, of the SQLite layer (InventoryStore), only what a command, a page or a
// test names: how an inventory is opened and guarded (`InventoryAccess`, `WALResetGuard`,
// `SQLiteLibrary`) and the failures it reports. The connection, its statements and its tables
// stay below: a program that needs them imports InventoryStore, and says so in its manifest.
@_exported public import ContextChain
@_exported public import InventoryFiles
@_exported public import InventoryModel
@_exported public import ObjectRegistry
@_exported public import struct InventoryStore.DatabaseError
@_exported public import enum InventoryStore.DatabaseFileError
@_exported public import enum InventoryStore.InventoryAccess
@_exported public import enum InventoryStore.MigrationError
@_exported public import enum InventoryStore.SQLiteLibrary
@_exported public import protocol InventoryStore.StorageFailure
@_exported public import struct InventoryStore.StoreError
@_exported public import struct InventoryStore.WALResetGuard

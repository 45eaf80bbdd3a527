// `import InventoryKit` gives the whole library, as it did when it was one module: the values
// of InventoryModel and the storage of InventoryStore come with it.
@_exported import InventoryModel
@_exported import InventoryStore

import ArgumentParser

struct Views: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "views",
        abstract: "The views you can list and watch: built-in and your own.",
        discussion: """
            Add views in a JSON file ($XDG_CONFIG_HOME/inventory/views.json, or --views FILE, or \
            $INVENTORY_VIEWS):

              {
                "high-value": {
                  "Type": "FilteredList",
                  "Description": "Worth scheduling separately with the insurer",
                  "Dependencies": { "title": "@High value",
                                    "filter": { "minPrice": "1500.00" },
                                    "sort": "@price-desc" }
                },
                "uninsured-luxury": {
                  "Type": "FilteredList",
                  "Dependencies": { "title": "@Luxury, not insured", "base": "luxury",
                                    "filter": { "insured": false } }
                }
              }

            In Dependencies a string that starts with @ is a literal; any other string names \
            another view, which is built and used (base narrows it). Filter keys: luxury, \
            insured, hasPhoto, minPrice, maxPrice, minWorth, maxWorth, tag, tags (a list), \
            purchasedAfter, purchasedBefore, location, brand, text, onLoan, presence ("here", \
            the default, "left" for the archive, or "any"). Orders: name, price, worth, \
            purchased, id, each with -desc.

            Examples:
              inventory views
              inventory views check ~/views.json
              inventory views constants --prefix view > ViewNames.swift
            """,
        subcommands: [ViewsList.self, ViewsCheck.self, ViewsConstants.self],
        defaultSubcommand: ViewsList.self)
}

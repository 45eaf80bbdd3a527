// The contract of the JSON API (OpenAPI 3.1), kept by hand beside the routes it describes and
// served at /api/openapi.json. Checked against the running server: schemathesis drives every
// operation with generated inputs in the tests (OpenAPIContractTests), and no answer may be
// outside this document or a 5xx. A route added to the API is added here in the same change.

extension InventoryServer {
    /// The OpenAPI document of the JSON API.
    static let openAPIDocument = #"""
        {
          "openapi": "3.1.0",
          "info": {
            "title": "inventory serve: the JSON API",
            "version": "0.2.0",
            "description": "A household's inventory over HTTP. Authenticate with an API token (Authorization: Bearer, made by 'inventory members tokens add') or a browser's session cookie; a change through a cookie carries the session's CSRF token in X-CSRF-Token. Amounts are decimal texts in the inventory's currency; days are YYYY-MM-DD; times are ISO 8601 in UTC. Every error is {\"error\": text} and, for a refused item, the problems field by field."
          },
          "servers": [
            {
              "url": "http://127.0.0.1:8420"
            }
          ],
          "security": [
            {
              "token": []
            },
            {
              "session": []
            }
          ],
          "paths": {
            "/api/session": {
              "get": {
                "operationId": "getSession",
                "summary": "Who is asking: the name, the role, and a browser session's CSRF token ('' through a token).",
                "responses": {
                  "200": {
                    "description": "The session.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Session"
                        }
                      }
                    }
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "429": {
                    "$ref": "#/components/responses/Limited"
                  }
                }
              }
            },
            "/api/views": {
              "get": {
                "operationId": "listViews",
                "summary": "Every view: its name, title, how many items and their worth.",
                "responses": {
                  "200": {
                    "description": "The views.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "required": [
                            "views"
                          ],
                          "properties": {
                            "views": {
                              "type": "array",
                              "items": {
                                "$ref": "#/components/schemas/View"
                              }
                            }
                          }
                        }
                      }
                    }
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "429": {
                    "$ref": "#/components/responses/Limited"
                  }
                }
              }
            },
            "/api/items": {
              "get": {
                "operationId": "listItems",
                "summary": "A page of a view's items, searched and sorted.",
                "parameters": [
                  {
                    "name": "view",
                    "in": "query",
                    "schema": {
                      "type": "string",
                      "default": "all"
                    },
                    "description": "A view's name (GET /api/views)."
                  },
                  {
                    "name": "q",
                    "in": "query",
                    "schema": {
                      "type": "string"
                    },
                    "description": "Words to find."
                  },
                  {
                    "name": "sort",
                    "in": "query",
                    "schema": {
                      "$ref": "#/components/schemas/Sort"
                    }
                  },
                  {
                    "name": "limit",
                    "in": "query",
                    "schema": {
                      "type": "integer",
                      "minimum": 1,
                      "maximum": 1000,
                      "default": 50
                    }
                  },
                  {
                    "name": "offset",
                    "in": "query",
                    "schema": {
                      "type": "integer",
                      "minimum": 0,
                      "default": 0
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The page.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/ItemPage"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "429": {
                    "$ref": "#/components/responses/Limited"
                  }
                }
              },
              "post": {
                "operationId": "addItem",
                "summary": "Add an item; only name is required.",
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/ItemInput"
                      }
                    }
                  }
                },
                "responses": {
                  "201": {
                    "description": "The item added.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Item"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "403": {
                    "$ref": "#/components/responses/Forbidden"
                  },
                  "409": {
                    "$ref": "#/components/responses/Conflict"
                  },
                  "413": {
                    "$ref": "#/components/responses/TooLarge"
                  },
                  "415": {
                    "$ref": "#/components/responses/UnsupportedType"
                  },
                  "422": {
                    "$ref": "#/components/responses/Refused"
                  },
                  "429": {
                    "$ref": "#/components/responses/Limited"
                  }
                }
              }
            },
            "/api/items/{id}": {
              "parameters": [
                {
                  "name": "id",
                  "in": "path",
                  "required": true,
                  "schema": {
                    "type": "integer"
                  }
                }
              ],
              "get": {
                "operationId": "getItem",
                "summary": "One item.",
                "responses": {
                  "200": {
                    "description": "The item.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Item"
                        }
                      }
                    }
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "429": {
                    "$ref": "#/components/responses/Limited"
                  }
                }
              },
              "patch": {
                "operationId": "editItem",
                "summary": "Change the fields given; with version, refused (409) if the item changed since.",
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/ItemInput"
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The item after the change.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Item"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "403": {
                    "$ref": "#/components/responses/Forbidden"
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "409": {
                    "$ref": "#/components/responses/Conflict"
                  },
                  "413": {
                    "$ref": "#/components/responses/TooLarge"
                  },
                  "415": {
                    "$ref": "#/components/responses/UnsupportedType"
                  },
                  "422": {
                    "$ref": "#/components/responses/Refused"
                  },
                  "429": {
                    "$ref": "#/components/responses/Limited"
                  }
                }
              },
              "delete": {
                "operationId": "deleteItem",
                "summary": "Delete an item (refused while a claim lists it).",
                "responses": {
                  "204": {
                    "description": "Deleted."
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "403": {
                    "$ref": "#/components/responses/Forbidden"
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "409": {
                    "$ref": "#/components/responses/Conflict"
                  },
                  "429": {
                    "$ref": "#/components/responses/Limited"
                  }
                }
              }
            },
            "/api/places": {
              "get": {
                "operationId": "listPlaces",
                "summary": "Every place: its path, how many things are in it and under it, their worth.",
                "responses": {
                  "200": {
                    "description": "The places.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "required": [
                            "places"
                          ],
                          "properties": {
                            "places": {
                              "type": "array",
                              "items": {
                                "$ref": "#/components/schemas/Place"
                              }
                            }
                          }
                        }
                      }
                    }
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "429": {
                    "$ref": "#/components/responses/Limited"
                  }
                }
              }
            },
            "/api/claims": {
              "get": {
                "operationId": "listClaims",
                "summary": "Every claim: its title, kind, incident day and the ids of its items.",
                "responses": {
                  "200": {
                    "description": "The claims.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "required": [
                            "claims"
                          ],
                          "properties": {
                            "claims": {
                              "type": "array",
                              "items": {
                                "$ref": "#/components/schemas/Claim"
                              }
                            }
                          }
                        }
                      }
                    }
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "429": {
                    "$ref": "#/components/responses/Limited"
                  }
                }
              }
            },
            "/api/changes": {
              "get": {
                "operationId": "followChanges",
                "summary": "Every change as it commits, as server-sent events (id: the journal's sequence; event: change; data: the change with its item). Reconnecting with Last-Event-ID (or after) sends what was missed.",
                "parameters": [
                  {
                    "name": "after",
                    "in": "query",
                    "schema": {
                      "type": "integer",
                      "minimum": 0
                    },
                    "description": "The sequence to follow from (default: now)."
                  },
                  {
                    "name": "limit",
                    "in": "query",
                    "schema": {
                      "type": "integer",
                      "minimum": 1
                    },
                    "description": "End after this many changes."
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The stream.",
                    "content": {
                      "text/event-stream": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "429": {
                    "$ref": "#/components/responses/Limited"
                  }
                }
              }
            },
            "/api/openapi.json": {
              "get": {
                "operationId": "getContract",
                "summary": "This document.",
                "security": [],
                "responses": {
                  "200": {
                    "description": "The OpenAPI document.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object"
                        }
                      }
                    }
                  }
                }
              }
            }
          },
          "components": {
            "securitySchemes": {
              "token": {
                "type": "http",
                "scheme": "bearer",
                "description": "An API token: 'inventory members tokens add NAME --scope read|write'."
              },
              "session": {
                "type": "apiKey",
                "in": "cookie",
                "name": "inventory_session",
                "description": "A browser's session; changes carry X-CSRF-Token."
              }
            },
            "responses": {
              "BadRequest": {
                "description": "The request is malformed.",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    }
                  }
                }
              },
              "Unauthorized": {
                "description": "No session or token, or a token that is none, revoked or expired.",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    }
                  }
                }
              },
              "Forbidden": {
                "description": "A read-only token, a viewer, or a change without its CSRF token.",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    }
                  }
                }
              },
              "NotFound": {
                "description": "No such item or view.",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    }
                  }
                }
              },
              "Conflict": {
                "description": "The item changed since the version given, or a claim lists it.",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    }
                  }
                }
              },
              "TooLarge": {
                "description": "The body is larger than 1 MiB.",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    }
                  }
                }
              },
              "UnsupportedType": {
                "description": "A change not sent as application/json.",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    }
                  }
                }
              },
              "Refused": {
                "description": "The item breaks a rule: each problem beside its field.",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    }
                  }
                }
              },
              "Limited": {
                "description": "Too many failed sign-ins or tokens from this address lately.",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    }
                  }
                }
              }
            },
            "schemas": {
              "Error": {
                "type": "object",
                "required": [
                  "error"
                ],
                "properties": {
                  "error": {
                    "type": "string"
                  },
                  "problems": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "required": [
                        "field",
                        "message"
                      ],
                      "properties": {
                        "field": {
                          "type": [
                            "string",
                            "null"
                          ]
                        },
                        "message": {
                          "type": "string"
                        }
                      }
                    }
                  }
                }
              },
              "Session": {
                "type": "object",
                "required": [
                  "csrf",
                  "name",
                  "role"
                ],
                "properties": {
                  "csrf": {
                    "type": "string"
                  },
                  "name": {
                    "type": "string"
                  },
                  "role": {
                    "enum": [
                      "owner",
                      "editor",
                      "viewer"
                    ]
                  }
                }
              },
              "View": {
                "type": "object",
                "required": [
                  "name",
                  "title",
                  "count",
                  "worth"
                ],
                "properties": {
                  "name": {
                    "type": "string"
                  },
                  "title": {
                    "type": "string"
                  },
                  "count": {
                    "type": "integer"
                  },
                  "worth": {
                    "$ref": "#/components/schemas/Amount"
                  }
                }
              },
              "Sort": {
                "enum": [
                  "name",
                  "name-desc",
                  "price",
                  "price-desc",
                  "purchased",
                  "purchased-desc",
                  "worth",
                  "worth-desc",
                  "id",
                  "id-desc"
                ]
              },
              "Amount": {
                "type": "string",
                "pattern": "^-?[0-9]+(\\.[0-9]+)?$",
                "description": "A decimal text in the inventory's currency."
              },
              "Day": {
                "type": "string",
                "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"
              },
              "Time": {
                "type": "string",
                "format": "date-time"
              },
              "ItemPage": {
                "type": "object",
                "required": [
                  "view",
                  "sort",
                  "count",
                  "worth",
                  "offset",
                  "limit",
                  "sequence",
                  "items"
                ],
                "properties": {
                  "view": {
                    "type": "string"
                  },
                  "sort": {
                    "type": "string"
                  },
                  "count": {
                    "type": "integer"
                  },
                  "worth": {
                    "$ref": "#/components/schemas/Amount"
                  },
                  "offset": {
                    "type": "integer"
                  },
                  "limit": {
                    "type": "integer"
                  },
                  "sequence": {
                    "type": "integer"
                  },
                  "items": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/Item"
                    }
                  }
                }
              },
              "Item": {
                "type": "object",
                "required": [
                  "id",
                  "name",
                  "currency",
                  "luxury",
                  "insured",
                  "quantity",
                  "tags",
                  "files",
                  "fields",
                  "createdAt",
                  "updatedAt",
                  "version"
                ],
                "properties": {
                  "id": {
                    "type": "integer"
                  },
                  "name": {
                    "type": "string"
                  },
                  "description": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "price": {
                    "oneOf": [
                      {
                        "$ref": "#/components/schemas/Amount"
                      },
                      {
                        "type": "null"
                      }
                    ]
                  },
                  "currency": {
                    "type": "string"
                  },
                  "purchaseDate": {
                    "oneOf": [
                      {
                        "$ref": "#/components/schemas/Day"
                      },
                      {
                        "type": "null"
                      }
                    ]
                  },
                  "luxury": {
                    "type": "boolean"
                  },
                  "insured": {
                    "type": "boolean"
                  },
                  "quantity": {
                    "type": "integer",
                    "minimum": 1
                  },
                  "location": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "brand": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "model": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "serial": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "notes": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "value": {
                    "oneOf": [
                      {
                        "$ref": "#/components/schemas/Amount"
                      },
                      {
                        "type": "null"
                      }
                    ]
                  },
                  "worth": {
                    "oneOf": [
                      {
                        "$ref": "#/components/schemas/Amount"
                      },
                      {
                        "type": "null"
                      }
                    ]
                  },
                  "purchasedFrom": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "warrantyUntil": {
                    "oneOf": [
                      {
                        "$ref": "#/components/schemas/Day"
                      },
                      {
                        "type": "null"
                      }
                    ]
                  },
                  "lifetimeWarranty": {
                    "type": "boolean"
                  },
                  "scheduled": {
                    "type": "boolean"
                  },
                  "reviewedAt": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "tags": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    }
                  },
                  "lentTo": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "lentOn": {
                    "oneOf": [
                      {
                        "$ref": "#/components/schemas/Day"
                      },
                      {
                        "type": "null"
                      }
                    ]
                  },
                  "loanDue": {
                    "oneOf": [
                      {
                        "$ref": "#/components/schemas/Day"
                      },
                      {
                        "type": "null"
                      }
                    ]
                  },
                  "leftOn": {
                    "oneOf": [
                      {
                        "$ref": "#/components/schemas/Day"
                      },
                      {
                        "type": "null"
                      }
                    ]
                  },
                  "leftHow": {
                    "oneOf": [
                      {
                        "enum": [
                          "sold",
                          "given",
                          "discarded",
                          "lost",
                          "stolen"
                        ]
                      },
                      {
                        "type": "null"
                      }
                    ]
                  },
                  "leftTo": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "leftFor": {
                    "oneOf": [
                      {
                        "$ref": "#/components/schemas/Amount"
                      },
                      {
                        "type": "null"
                      }
                    ]
                  },
                  "photo": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "description": "The main photo's address on this server."
                  },
                  "files": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "required": [
                        "id",
                        "kind",
                        "caption",
                        "url"
                      ],
                      "properties": {
                        "id": {
                          "type": "integer"
                        },
                        "kind": {
                          "enum": [
                            "photo",
                            "receipt",
                            "manual",
                            "warranty",
                            "other"
                          ]
                        },
                        "caption": {
                          "type": [
                            "string",
                            "null"
                          ]
                        },
                        "url": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "fields": {
                    "type": "object",
                    "description": "The household's own fields, by name: a text, a number or true/false each."
                  },
                  "createdAt": {
                    "$ref": "#/components/schemas/Time"
                  },
                  "updatedAt": {
                    "$ref": "#/components/schemas/Time"
                  },
                  "version": {
                    "type": "integer",
                    "minimum": 1
                  }
                }
              },
              "ItemInput": {
                "type": "object",
                "description": "The fields to set (an empty text or null clears one); version refuses the change if the item is no longer at it.",
                "properties": {
                  "name": {
                    "type": "string"
                  },
                  "description": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "price": {
                    "type": [
                      "string",
                      "number",
                      "null"
                    ]
                  },
                  "value": {
                    "type": [
                      "string",
                      "number",
                      "null"
                    ]
                  },
                  "quantity": {
                    "type": [
                      "string",
                      "integer",
                      "null"
                    ]
                  },
                  "purchaseDate": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "purchasedFrom": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "location": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "brand": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "model": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "serial": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "notes": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "warrantyUntil": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "tags": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    }
                  },
                  "luxury": {
                    "type": "boolean"
                  },
                  "insured": {
                    "type": "boolean"
                  },
                  "lifetimeWarranty": {
                    "type": "boolean"
                  },
                  "scheduled": {
                    "type": "boolean"
                  },
                  "fields": {
                    "type": "object",
                    "additionalProperties": {
                      "type": [
                        "string",
                        "number",
                        "boolean",
                        "null"
                      ]
                    }
                  },
                  "version": {
                    "type": "integer"
                  }
                },
                "additionalProperties": false
              },
              "Place": {
                "type": "object",
                "required": [
                  "id",
                  "path",
                  "items",
                  "worth"
                ],
                "properties": {
                  "id": {
                    "type": "integer"
                  },
                  "path": {
                    "type": "string"
                  },
                  "items": {
                    "type": "integer"
                  },
                  "worth": {
                    "$ref": "#/components/schemas/Amount"
                  }
                }
              },
              "Claim": {
                "type": "object",
                "required": [
                  "id",
                  "title",
                  "kind",
                  "incidentDate",
                  "items"
                ],
                "properties": {
                  "id": {
                    "type": "integer"
                  },
                  "title": {
                    "type": "string"
                  },
                  "kind": {
                    "type": "string"
                  },
                  "incidentDate": {
                    "oneOf": [
                      {
                        "$ref": "#/components/schemas/Day"
                      },
                      {
                        "type": "null"
                      }
                    ]
                  },
                  "items": {
                    "type": "array",
                    "items": {
                      "type": "integer"
                    }
                  }
                }
              }
            }
          }
        }
        """#
}

import Foundation
import HTTPTypes
import Hummingbird
import InventoryAssistant
import InventoryExchange
import InventoryKit
import MCP
import NIOCore
import NIOFoundationCompat

// The assistant's tools over HTTP (MCP's Streamable HTTP, stateless: one JSON answer a
// request), for a member's API token; and the places and claims, read-only, for programs.
extension InventoryServer {
    func addAssistantRoutes(to api: RouterGroup<ServerContext>) {
        api.post("mcp") { request, context in
            guard let session = context.session, let token = session.token else {
                throw ServerError.badRequest(
                    "The assistant's endpoint takes an API token (Authorization: Bearer).")
            }
            let body = try await request.body.collect(upTo: 1 << 20)
            var headers: [String: String] = [:]
            for field in request.headers { headers[field.name.canonicalName] = field.value }
            // One server a request: stateless, it answers this request and is gone. The
            // token names the client, and acts for its member with the token's scope.
            let tools = AssistantTools(
                manager: self.manager, views: self.pager.registry, person: session.person.name,
                memberID: session.person.memberID, canWrite: session.person.role.canWrite)
            let client = NamedClient()
            client.name = token
            let server = await Assistant.makeServer(tools, version: Release.version, client: client)
            // Tokens authenticate: no browser carries one by itself, so no Origin check.
            let transport = StatelessHTTPServerTransport(
                validationPipeline: StandardValidationPipeline(validators: [
                    AcceptHeaderValidator(mode: .jsonOnly), ContentTypeValidator(),
                    ProtocolVersionValidator(),
                ]))
            try await server.start(transport: transport)
            let answer = await transport.handleRequest(
                MCP.HTTPRequest(
                    method: "POST", headers: headers, body: Data(buffer: body), path: "/api/mcp"))
            await server.stop()
            var fields = HTTPFields()
            for (name, value) in answer.headers {
                if let name = HTTPField.Name(name) { fields[name] = value }
            }
            return Response(
                status: .init(code: answer.statusCode), headers: fields,
                body: .init(byteBuffer: ByteBuffer(data: answer.bodyData ?? Data())))
        }
        api.get("places") { _, _ in
            try await self.blocking.run {
                let places = try self.manager.places().map { summary in
                    var json = "{\"id\":\(summary.place.id),\"path\":"
                    ItemJSON.appendString(summary.place.path, to: &json)
                    json +=
                        ",\"items\":\(summary.itemCount),\"worth\":\"\(self.decimal(summary.worth))\"}"
                    return json
                }
                return Self.json("{\"places\":[" + places.joined(separator: ",") + "]}")
            }
        }
        api.get("claims") { _, _ in
            try await self.blocking.run {
                let claims = try self.manager.claims().map { claim in
                    var json = "{\"id\":\(claim.id),\"title\":"
                    ItemJSON.appendString(claim.title, to: &json)
                    json += ",\"kind\":\"\(claim.kind.rawValue)\",\"incidentDate\":"
                    json += claim.incidentDate.map { "\"\($0)\"" } ?? "null"
                    json +=
                        ",\"items\":["
                        + claim.items.compactMap { $0.itemID.map(String.init) }.joined(
                            separator: ",")
                    return json + "]}"
                }
                return Self.json("{\"claims\":[" + claims.joined(separator: ",") + "]}")
            }
        }
    }
}

import Foundation
import Hummingbird

/// SCAFFOLD (being written): the fake Instagram posting API.
public actor FakeInstagram {
    public struct Config: Sendable, Codable, Equatable {
        public init() {}
    }

    let config: Config

    init(config: Config) { self.config = config }

    func respond(_ request: Request, host: String, path: String, origin: String) async throws -> Response {
        FakeRouter.plain(404, Data("{\"error\":\"no such route\"}".utf8), type: "application/json")
    }

    func posts() -> [FakePlatformPost] { [] }

    func reset() {}
}
